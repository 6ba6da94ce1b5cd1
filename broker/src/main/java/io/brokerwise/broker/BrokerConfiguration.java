package io.brokerwise.broker;

import io.brokerwise.broker.tls.BrokerKeyStore;
import java.util.Objects;

/**
 * Renders the Artemis broker.xml of one Brokerwise broker: one multicast address for the topology's topic
 * (JMS topic subscribers get non-durable subscription queues on it, selectors become queue filters),
 * persistence by the workload's delivery mode, one acceptor, the application role limited to the topic, the
 * management role ({@link BrokerRole}; the metrics role holds no permission at all), and address settings that block saturated producers by flow control. The operator puts {@link #render()} into the broker
 * ConfigMap; the local benchmark brokers use the same text.
 *
 * @param name             broker name (shows in logs and management)
 * @param topic            the multicast address, the JMS topic name the clients use
 * @param persistent       true for deliveryMode Persistent: journal on disk, durable messages are synced
 * @param bindHost         acceptor host: 0.0.0.0 in a pod, 127.0.0.1 for local brokers (loopback only)
 * @param port             acceptor port, all protocols
 * @param dataDirectory    where journal, bindings, paging and large messages live
 * @param addressMaxBytes  memory an address may hold before its producers are blocked
 * @param metricsPort      port of the Prometheus endpoint on {@code bindHost} (0: any free port)
 * @param maxConnections   connections the acceptor takes at once ({@link #NO_CONNECTION_LIMIT}: any number), so
 *                         the broker refuses the connections the planner did not count on
 * @param tls              whether the acceptor speaks TLS only, with the key store {@link BrokerKeyStore} makes at
 *                         launch; a plain-TCP client is refused
 */
public record BrokerConfiguration(String name, String topic, boolean persistent, String bindHost, int port,
                                  String dataDirectory, long addressMaxBytes, int metricsPort, long maxConnections,
                                  boolean tls) {

    /** The ConfigMap key (and file name) of the rendered configuration. */
    public static final String CONFIG_MAP_KEY = "broker.xml";

    /** Where BrokerMain reads it by default: mount the ConfigMap's key here. */
    public static final String DEFAULT_PATH = "/etc/artemis/broker.xml";

    /** Where a broker in a pod keeps journal, bindings, paging and large messages: the pod mounts a volume there. */
    public static final String POD_DATA_DIRECTORY = "/var/lib/artemis/data";

    /** The port a broker pod serves its metrics on (container port {@code metrics}). */
    public static final int METRICS_PORT = 9404;

    /** 64 MiB: enough for saturated publishers to keep the broker busy, small enough for a 512 MiB heap. */
    public static final long DEFAULT_ADDRESS_MAX_BYTES = 64L << 20;

    /** Artemis's value of {@code connectionsAllowed} for an acceptor without a limit. */
    public static final long NO_CONNECTION_LIMIT = -1;

    /**
     * A TLS acceptor's parameters: Artemis replaces {@code ${...}} in broker.xml with system properties, so the key
     * store's path and password, known only when the broker starts, stay out of the ConfigMap.
     */
    private static final String TLS_PARAMETERS = ";sslEnabled=true;keyStoreType=PKCS12;keyStorePath=${"
            + BrokerKeyStore.PATH_PROPERTY + "};keyStorePassword=${" + BrokerKeyStore.PASSWORD_PROPERTY + "}";
    private static final String TLS_COMMENT = "\n                         TLS only: the key store BrokerKeyStore wrote at"
            + " launch.";

    public BrokerConfiguration {
        requireName("name", name);
        requireName("topic", topic);
        Objects.requireNonNull(bindHost, "bindHost");
        Objects.requireNonNull(dataDirectory, "dataDirectory");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be in 0..65535 (0: any free port), got " + port);
        }
        if (metricsPort < 0 || metricsPort > 65535 || metricsPort == port && port != 0) {
            throw new IllegalArgumentException("metricsPort must be in 0..65535 and not the acceptor's, got " + metricsPort);
        }
        if (addressMaxBytes < 1 << 20) {
            throw new IllegalArgumentException("addressMaxBytes must be at least 1 MiB, got " + addressMaxBytes);
        }
        if (maxConnections < 1 && maxConnections != NO_CONNECTION_LIMIT) {
            throw new IllegalArgumentException("maxConnections must be at least 1, or " + NO_CONNECTION_LIMIT
                    + " for no limit, got " + maxConnections);
        }
    }

    /** A broker as the operator runs it in a pod: all interfaces, port 61616, data under /var/lib/artemis. */
    public static BrokerConfiguration forPod(String name, String topic, boolean persistent) {
        return new BrokerConfiguration(name, topic, persistent, "0.0.0.0", 61616, POD_DATA_DIRECTORY,
                DEFAULT_ADDRESS_MAX_BYTES, METRICS_PORT, NO_CONNECTION_LIMIT, false);
    }

    /**
     * A broker on loopback, as the benchmarks and tests run it; its metrics on any free port. Port 0 lets the kernel
     * pick the acceptor's port too ({@link EmbeddedBroker#acceptorPort}): a port picked first and bound later can be
     * taken in between.
     */
    public static BrokerConfiguration forLoopback(String name, String topic, boolean persistent, int port,
                                                  String dataDirectory) {
        return new BrokerConfiguration(name, topic, persistent, "127.0.0.1", port, dataDirectory,
                DEFAULT_ADDRESS_MAX_BYTES, 0, NO_CONNECTION_LIMIT, false);
    }

    /** The same broker with its metrics on this port. */
    public BrokerConfiguration withMetricsPort(int newMetricsPort) {
        return new BrokerConfiguration(name, topic, persistent, bindHost, port, dataDirectory, addressMaxBytes,
                newMetricsPort, maxConnections, tls);
    }

    /** The same broker accepting at most this many connections ({@link #NO_CONNECTION_LIMIT}: any number). */
    public BrokerConfiguration withMaxConnections(long newMaxConnections) {
        return new BrokerConfiguration(name, topic, persistent, bindHost, port, dataDirectory, addressMaxBytes,
                metricsPort, newMaxConnections, tls);
    }

    /** The same broker speaking TLS only (true) or plain TCP (false) on its acceptor. */
    public BrokerConfiguration withTls(boolean newTls) {
        return new BrokerConfiguration(name, topic, persistent, bindHost, port, dataDirectory, addressMaxBytes,
                metricsPort, maxConnections, newTls);
    }

    /** broker.xml text. */
    public String render() {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- Rendered by Brokerwise (io.brokerwise.broker.BrokerConfiguration); edits are overwritten. -->
                <configuration xmlns="urn:activemq" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                               xsi:schemaLocation="urn:activemq /schema/artemis-configuration.xsd">
                  <core xmlns="urn:activemq:core">
                    <name>%1$s</name>
                    <persistence-enabled>%2$s</persistence-enabled>
                    <!-- NIO: AIO needs libaio in the image; NIO works everywhere the JVM does. -->
                    <journal-type>NIO</journal-type>
                    <journal-datasync>true</journal-datasync>
                    <paging-directory>%3$s/paging</paging-directory>
                    <bindings-directory>%3$s/bindings</bindings-directory>
                    <journal-directory>%3$s/journal</journal-directory>
                    <large-messages-directory>%3$s/large-messages</large-messages-directory>
                    <!-- The measured workload is the only load: no JMX, no periodic message counters. -->
                    <jmx-management-enabled>false</jmx-management-enabled>
                    <message-counter-enabled>false</message-counter-enabled>
                    <security-enabled>true</security-enabled>
                    <!-- A non-persistent broker keeps nothing on disk: a full disk elsewhere must not block it (-1). -->
                    <max-disk-usage>%4$d</max-disk-usage>
                    <journal-pool-files>10</journal-pool-files>
                    <!-- GET /metrics (Prometheus text format), served by the broker process: Artemis's meters, JVM
                         memory, and Brokerwise's topic counters, connections and cgroup CPU. -->
                    <metrics>
                      <jvm-memory>true</jvm-memory>
                      <plugin class-name="io.brokerwise.broker.metrics.PrometheusMetricsPlugin">
                        <property key="topic" value="%9$s"/>
                        <property key="bind" value="%5$s:%10$d"/>
                      </plugin>
                    </metrics>
                    <!-- CORE only: the Jakarta client speaks it, and the image carries no AMQP/OpenWire modules.
                         connectionsAllowed: the topology's maxConnections, the limit the planner kept (-1: none).%13$s -->
                    <acceptors>
                      <acceptor name="brokerwise">tcp://%5$s:%6$d?protocols=CORE;connectionsAllowed=%11$d;tcpSendBufferSize=1048576;tcpReceiveBufferSize=1048576;useEpoll=true%14$s</acceptor>
                    </acceptors>
                    <security-settings>
                      <!-- The application role sends to the topic and subscribes to it (non-durable subscriptions
                           only, by design), nothing else: no management, no browsing, no other address (DLQ,
                           ExpiryQueue). deleteNonDurableQueue stays: a JMS subscriber's close deletes its
                           subscription queue with it, and without it the queue outlives the subscriber and keeps
                           taking copies of matching messages. Measuring reads the metrics endpoint. -->
                      <security-setting match="%9$s">
                        <permission type="send" roles="%7$s,%12$s"/>
                        <permission type="consume" roles="%7$s,%12$s"/>
                        <permission type="createNonDurableQueue" roles="%7$s,%12$s"/>
                        <permission type="deleteNonDurableQueue" roles="%7$s,%12$s"/>
                      </security-setting>
                      <!-- The management role may do anything anywhere: management operations (messages to
                           activemq.management, answered on a temporary queue), the broker's other queues. The
                           metrics role is named nowhere: its user reads GET /metrics and can do nothing here. -->
                      <security-setting match="#">
                        <permission type="send" roles="%12$s"/>
                        <permission type="consume" roles="%12$s"/>
                        <permission type="browse" roles="%12$s"/>
                        <permission type="createAddress" roles="%12$s"/>
                        <permission type="deleteAddress" roles="%12$s"/>
                        <permission type="createDurableQueue" roles="%12$s"/>
                        <permission type="deleteDurableQueue" roles="%12$s"/>
                        <permission type="createNonDurableQueue" roles="%12$s"/>
                        <permission type="deleteNonDurableQueue" roles="%12$s"/>
                        <permission type="manage" roles="%12$s"/>
                      </security-setting>
                    </security-settings>
                    <address-settings>
                      <address-setting match="#">
                        <!-- Saturated producers are held back by withholding producer credits (BLOCK), never by
                             dropping or paging: the broker's own CPU must be what limits the rate. -->
                        <address-full-policy>BLOCK</address-full-policy>
                        <max-size-bytes>%8$d</max-size-bytes>
                        <!-- The topic is declared below; a mistyped topic fails instead of making a new address. -->
                        <auto-create-addresses>false</auto-create-addresses>
                        <auto-create-queues>false</auto-create-queues>
                        <auto-create-jms-topics>false</auto-create-jms-topics>
                        <auto-create-jms-queues>false</auto-create-jms-queues>
                        <!-- Never used by non-durable subscriptions, but without them Artemis warns per new queue. -->
                        <dead-letter-address>DLQ</dead-letter-address>
                        <expiry-address>ExpiryQueue</expiry-address>
                      </address-setting>
                    </address-settings>
                    <addresses>
                      <address name="%9$s">
                        <multicast/>
                      </address>
                      <address name="DLQ">
                        <anycast><queue name="DLQ"/></anycast>
                      </address>
                      <address name="ExpiryQueue">
                        <anycast><queue name="ExpiryQueue"/></anycast>
                      </address>
                    </addresses>
                  </core>
                </configuration>
                """.formatted(xml(name), persistent, xml(dataDirectory), persistent ? 90 : -1, xml(bindHost), port,
                BrokerRole.APPLICATION.role(), addressMaxBytes, xml(topic), metricsPort, maxConnections,
                BrokerRole.MANAGEMENT.role(), tls ? TLS_COMMENT : "", tls ? TLS_PARAMETERS : "");
    }


    private static void requireName(String what, String value) {
        if (value == null || !value.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,199}")) {
            throw new IllegalArgumentException(what + " must be letters, digits, '.', '_' or '-', got '" + value + "'");
        }
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
