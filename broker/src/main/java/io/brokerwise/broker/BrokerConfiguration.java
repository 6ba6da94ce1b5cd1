package io.brokerwise.broker;

import io.brokerwise.broker.metrics.PrometheusMetricsPlugin;
import io.brokerwise.broker.queues.QueueReplicas;
import io.brokerwise.broker.queues.QueueReplicasXml;
import io.brokerwise.broker.tls.BrokerKeyStore;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Renders the Artemis broker.xml of one Brokerwise broker: one multicast address for each of the topology's topics
 * (JMS topic subscribers get non-durable subscription queues on it, selectors become queue filters),
 * a journal when the broker has a journal directory (docs/persistence.md), one acceptor, the application role limited to the topics, the
 * management role ({@link BrokerRole}; the metrics role holds no permission at all), and address settings that block saturated producers by flow control. The operator puts {@link #render()} into the broker
 * ConfigMap; the local benchmark brokers use the same text.
 *
 * @param name             broker name (shows in logs and management)
 * @param topics           the multicast addresses, the JMS topic names the clients use
 * @param journalDirectory where the journal, bindings, paging and large messages live, on a volume that outlives the
 *                         broker; null: no journal, nothing is persisted (persistence-enabled false)
 * @param bindHost         acceptor host: 0.0.0.0 in a pod, 127.0.0.1 for local brokers (loopback only)
 * @param port             acceptor port, all protocols
 * @param dataDirectory    scratch space of a broker without a journal (Artemis names its directories even then)
 * @param addressMaxBytes  memory an address may hold before its producers are blocked
 * @param metricsPort      port of the Prometheus endpoint on {@code bindHost} (0: any free port)
 * @param maxConnections   connections the acceptor takes at once ({@link #NO_CONNECTION_LIMIT}: any number), so
 *                         the broker refuses the connections the planner did not count on
 * @param tls              whether the acceptor speaks TLS only, with the key store {@link BrokerKeyStore} makes at
 *                         launch; a plain-TCP client is refused
 * @param queues           the replicas of the topology's queues this broker carries, and its peers
 *                         ({@link QueueReplicas#NONE}: none)
 */
public record BrokerConfiguration(String name, List<String> topics, String journalDirectory, String bindHost, int port,
                                  String dataDirectory, long addressMaxBytes, int metricsPort, long maxConnections,
                                  boolean tls, QueueReplicas queues) {

    /** The ConfigMap key (and file name) of the rendered configuration. */
    public static final String CONFIG_MAP_KEY = "broker.xml";

    /** Where BrokerMain reads it by default: mount the ConfigMap's key here. */
    public static final String DEFAULT_PATH = "/etc/artemis/broker.xml";

    /** A broker pod's scratch directory: the pod mounts an emptyDir there. */
    public static final String POD_DATA_DIRECTORY = "/var/lib/artemis/data";

    /** Where a broker pod with a journal keeps it: the pod mounts the broker's journal volume there. */
    public static final String POD_JOURNAL_DIRECTORY = "/var/lib/artemis/journal";

    /** Artemis's default journal file: what the journal allocates at a time. */
    public static final long JOURNAL_FILE_SIZE = 10L << 20;

    /** Journal files kept allocated for reuse once reclaimed (Artemis's journal-pool-files). */
    public static final int JOURNAL_POOL_FILES = 10;

    /**
     * Percent of the journal's volume at which the broker blocks producers (and, when full, refuses their sends)
     * instead of failing a write: the rest, 10% and at least two journal files on the smallest volume, lets
     * consumers still acknowledge, whose records free the space.
     */
    public static final int MAX_DISK_USAGE = 90;

    /**
     * Nanoseconds a journal write waits for others to share its sync. Artemis keeps this when it falls back from
     * ASYNCIO to NIO, so it is set for both: 0.5 ms, Artemis's AIO default, adds at most that to a persistent send.
     */
    static final long JOURNAL_BUFFER_TIMEOUT_NANOS = 500_000;

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

    /** The application role's permissions for durable subscriptions on a topic, on a broker with a journal. */
    private static final String DURABLE_SUBSCRIPTIONS =
            "\n  <permission type=\"createDurableQueue\" roles=\"%1$s,%2$s\"/>"
            + "\n  <permission type=\"deleteDurableQueue\" roles=\"%1$s,%2$s\"/>";

    public BrokerConfiguration {
        requireName("name", name);
        topics = List.copyOf(topics);
        if (topics.isEmpty() || new HashSet<>(topics).size() != topics.size()) {
            throw new IllegalArgumentException("a broker carries at least one topic, each once: got " + topics);
        }
        topics.forEach(t -> requireName("topic", t));
        Objects.requireNonNull(bindHost, "bindHost");
        Objects.requireNonNull(dataDirectory, "dataDirectory");
        if (journalDirectory != null && journalDirectory.isBlank()) {
            throw new IllegalArgumentException("journalDirectory must be a directory, or null for no journal");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be in 0..65535 (0: any free port), got " + port);
        }
        if (metricsPort < 0 || metricsPort > 65535 || metricsPort == port && port != 0) {
            throw new IllegalArgumentException("metricsPort must be in 0..65535 and not the acceptor's, got " + metricsPort);
        }
        if (addressMaxBytes < 1 << 20) {
            throw new IllegalArgumentException("addressMaxBytes must be at least 1 MiB, got " + addressMaxBytes);
        }
        Objects.requireNonNull(queues, "queues");
        for (String queue : queues.queues()) {
            requireName("queue", queue);
            if (topics.contains(queue)) {
                throw new IllegalArgumentException("queue '" + queue + "' has a topic's name: one address is either");
            }
        }
        if (maxConnections < 1 && maxConnections != NO_CONNECTION_LIMIT) {
            throw new IllegalArgumentException("maxConnections must be at least 1, or " + NO_CONNECTION_LIMIT
                    + " for no limit, got " + maxConnections);
        }
    }

    /**
     * A broker as the operator runs it in a pod: all interfaces, port 61616, its journal (when it has one) on the
     * volume at {@link #POD_JOURNAL_DIRECTORY}.
     */
    public static BrokerConfiguration forPod(String name, String topic, boolean journal) {
        return new BrokerConfiguration(name, List.of(topic), journal ? POD_JOURNAL_DIRECTORY : null, "0.0.0.0", 61616,
                POD_DATA_DIRECTORY,
                DEFAULT_ADDRESS_MAX_BYTES, METRICS_PORT, NO_CONNECTION_LIMIT, false, QueueReplicas.NONE);
    }

    /**
     * A broker on loopback, as the benchmarks and tests run it; its metrics on any free port. Port 0 lets the kernel
     * pick the acceptor's port too ({@link EmbeddedBroker#acceptorPort}): a port picked first and bound later can be
     * taken in between. A broker with a journal keeps it in {@code dataDirectory/journal}, where a broker started
     * again on the same directory finds it.
     */
    public static BrokerConfiguration forLoopback(String name, String topic, boolean journal, int port,
                                                  String dataDirectory) {
        return new BrokerConfiguration(name, List.of(topic), journal ? dataDirectory + "/journal" : null, "127.0.0.1", port,
                dataDirectory,
                DEFAULT_ADDRESS_MAX_BYTES, 0, NO_CONNECTION_LIMIT, false, QueueReplicas.NONE);
    }

    /** The same broker with its metrics on this port. */
    public BrokerConfiguration withMetricsPort(int newMetricsPort) {
        return new BrokerConfiguration(name, topics, journalDirectory, bindHost, port, dataDirectory, addressMaxBytes,
                newMetricsPort, maxConnections, tls, queues);
    }

    /** The same broker accepting at most this many connections ({@link #NO_CONNECTION_LIMIT}: any number). */
    public BrokerConfiguration withMaxConnections(long newMaxConnections) {
        return new BrokerConfiguration(name, topics, journalDirectory, bindHost, port, dataDirectory, addressMaxBytes,
                metricsPort, newMaxConnections, tls, queues);
    }

    /** The same broker speaking TLS only (true) or plain TCP (false) on its acceptor. */
    public BrokerConfiguration withTls(boolean newTls) {
        return new BrokerConfiguration(name, topics, journalDirectory, bindHost, port, dataDirectory, addressMaxBytes,
                metricsPort, maxConnections, newTls, queues);
    }

    /** The same broker carrying these topics. */
    public BrokerConfiguration withTopics(List<String> newTopics) {
        return new BrokerConfiguration(name, newTopics, journalDirectory, bindHost, port, dataDirectory, addressMaxBytes,
                metricsPort, maxConnections, tls, queues);
    }

    /** The same broker carrying these queue replicas, joined to their other brokers. */
    public BrokerConfiguration withQueues(QueueReplicas newQueues) {
        return new BrokerConfiguration(name, topics, journalDirectory, bindHost, port, dataDirectory, addressMaxBytes,
                metricsPort, maxConnections, tls, newQueues);
    }

    /**
     * broker.xml text. A broker of one topic gets the text it got before brokers carried several, byte for byte (its
     * comments speak of "the topic"): a changed text would roll every running broker on an operator upgrade.
     */
    public String render() {
        QueueReplicasXml queueXml = new QueueReplicasXml(queues, tls);
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- Rendered by Brokerwise (io.brokerwise.broker.BrokerConfiguration); edits are overwritten. -->
                <configuration xmlns="urn:activemq" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                               xsi:schemaLocation="urn:activemq /schema/artemis-configuration.xsd">
                  <core xmlns="urn:activemq:core">
                    <name>%1$s</name>
                    %2$s
                    <!-- The measured workload is the only load: no JMX, no periodic message counters. -->
                    <jmx-management-enabled>false</jmx-management-enabled>
                    <message-counter-enabled>false</message-counter-enabled>
                    <security-enabled>true</security-enabled>
                    <!-- GET /metrics (Prometheus text format), served by the broker process: Artemis's meters, JVM
                         memory, and Brokerwise's topic counters, connections, queue producers and cgroup CPU. -->
                    <metrics>
                      <jvm-memory>true</jvm-memory>
                      <plugin class-name="io.brokerwise.broker.metrics.PrometheusMetricsPlugin">
                        <property key="%19$s" value="%7$s"/>
                        <property key="bind" value="%3$s:%8$d"/>%18$s
                      </plugin>
                    </metrics>
                    <!-- CORE only: the Jakarta client speaks it, and the image carries no AMQP/OpenWire modules.
                         connectionsAllowed: the topology's maxConnections, the limit the planner kept (-1: none).%11$s -->
                    <acceptors>
                      <acceptor name="brokerwise">tcp://%3$s:%4$d?protocols=CORE;connectionsAllowed=%9$d;tcpSendBufferSize=1048576;tcpReceiveBufferSize=1048576;useEpoll=true%12$s</acceptor>
                    </acceptors>
                    %14$s
                    <security-settings>
                      <!-- The application role sends to the topic and subscribes to it, nothing else: no management,
                           no browsing, no other address (DLQ, ExpiryQueue). Durable subscriptions only on a broker
                           with a journal: elsewhere their messages would go with the broker. deleteNonDurableQueue
                           stays: a JMS subscriber's close deletes its subscription queue with it, and without it the
                           queue outlives the subscriber and keeps taking copies of matching messages. Measuring reads
                           the metrics endpoint. -->
                      %13$s
                      %15$s
                      <!-- The management role may do anything anywhere: management operations (messages to
                           activemq.management, answered on a temporary queue), the broker's other queues. The
                           metrics role is named nowhere: its user reads GET /metrics and can do nothing here. -->
                      <security-setting match="#">
                        <permission type="send" roles="%10$s"/>
                        <permission type="consume" roles="%10$s"/>
                        <permission type="browse" roles="%10$s"/>
                        <permission type="createAddress" roles="%10$s"/>
                        <permission type="deleteAddress" roles="%10$s"/>
                        <permission type="createDurableQueue" roles="%10$s"/>
                        <permission type="deleteDurableQueue" roles="%10$s"/>
                        <permission type="createNonDurableQueue" roles="%10$s"/>
                        <permission type="deleteNonDurableQueue" roles="%10$s"/>
                        <permission type="manage" roles="%10$s"/>
                      </security-setting>
                    </security-settings>
                    <address-settings>
                      <address-setting match="#">
                        <!-- Saturated producers are held back by withholding producer credits (BLOCK), never by
                             dropping or paging: the broker's own CPU must be what limits the rate. -->
                        <address-full-policy>BLOCK</address-full-policy>
                        <!-- A full journal volume refuses sends (AMQ219058, "address is full": memory never does,
                             it blocks) where BLOCK would hold them without a word: the client library tries a
                             refused send again until its send timeout and then fails it naming the full volume. -->
                        <disk-full-policy>FAIL</disk-full-policy>
                        <max-size-bytes>%6$d</max-size-bytes>
                        <!-- The topic is declared below; a mistyped topic fails instead of making a new address. -->
                        <auto-create-addresses>false</auto-create-addresses>
                        <auto-create-queues>false</auto-create-queues>
                        <auto-create-jms-topics>false</auto-create-jms-topics>
                        <auto-create-jms-queues>false</auto-create-jms-queues>
                        <!-- Never used by non-durable subscriptions, but without them Artemis warns per new queue. -->
                        <dead-letter-address>DLQ</dead-letter-address>
                        <expiry-address>ExpiryQueue</expiry-address>
                      </address-setting>
                      %16$s
                    </address-settings>
                    <addresses>
                      %5$s
                      %17$s
                      <address name="DLQ">
                        <anycast><queue name="DLQ"/></anycast>
                      </address>
                      <address name="ExpiryQueue">
                        <anycast><queue name="ExpiryQueue"/></anycast>
                      </address>
                    </addresses>
                  </core>
                </configuration>
                """.formatted(xml(name), storage(), xml(bindHost), port,
                indented(6, topicAddresses()), addressMaxBytes, xml(String.join(",", topics)), metricsPort,
                maxConnections, BrokerRole.MANAGEMENT.role(), tls ? TLS_COMMENT : "", tls ? TLS_PARAMETERS : "",
                indented(6, topicSecuritySettings()), indented(4, queueXml.connectors() + "\n" + queueXml.clusterConnection()),
                indented(6, queueXml.securitySettings(BrokerRole.APPLICATION.role(), BrokerRole.MANAGEMENT.role())),
                indented(6, queueXml.addressSettings()), indented(6, queueXml.addresses()), queueMeters(),
                // one topic keeps the key brokers read before there were several, so its broker.xml is unchanged
                topics.size() == 1 ? PrometheusMetricsPlugin.TOPIC : PrometheusMetricsPlugin.TOPICS);
    }

    /** One multicast address per topic. */
    private String topicAddresses() {
        return topics.stream().map(t -> "<address name=\"" + xml(t) + "\">\n  <multicast/>\n</address>")
                .collect(Collectors.joining("\n"));
    }

    /** Per topic: the application role sends and subscribes, durably too on a broker with a journal. */
    private String topicSecuritySettings() {
        String app = BrokerRole.APPLICATION.role();
        String management = BrokerRole.MANAGEMENT.role();
        String durable = persistent() ? DURABLE_SUBSCRIPTIONS.formatted(app, management) : "";
        return topics.stream().map(t -> """
                <security-setting match="%1$s">
                  <permission type="send" roles="%2$s,%3$s"/>
                  <permission type="consume" roles="%2$s,%3$s"/>
                  <permission type="createNonDurableQueue" roles="%2$s,%3$s"/>
                  <permission type="deleteNonDurableQueue" roles="%2$s,%3$s"/>%4$s
                </security-setting>""".formatted(xml(t), app, management, durable))
                .collect(Collectors.joining("\n"));
    }

    /** The queues whose producers the metrics plugin counts ({@code PrometheusMetricsPlugin.QUEUES}); none: nothing. */
    private String queueMeters() {
        return queues.isEmpty() ? "" : "\n        <property key=\"" + PrometheusMetricsPlugin.QUEUES + "\" value=\""
                + xml(String.join(",", queues.queues())) + "\"/>";
    }

    /** A fragment at the template's place: its first line takes the template's indentation, the others need it. */
    private static String indented(int spaces, String fragment) {
        return fragment.indent(spaces).strip();
    }


    /** Whether the broker persists messages: it has a journal. */
    public boolean persistent() {
        return journalDirectory != null;
    }

    /**
     * The least a journal volume must hold: the journal's pooled files and the messages an address may hold (all of
     * them journalled under persistent delivery), within {@link #MAX_DISK_USAGE}. No paging headroom: a full
     * address blocks its producers (BLOCK) and never pages.
     */
    public long journalBytesNeeded() {
        return (JOURNAL_POOL_FILES * JOURNAL_FILE_SIZE + addressMaxBytes) * 100 / MAX_DISK_USAGE;
    }

    /**
     * Where and how the broker stores what it persists. Each choice is explained in docs/persistence.md; a broker
     * without a journal keeps nothing on disk, so no disk, full or not, ever blocks it.
     */
    private String storage() {
        String settings = !persistent() ? """
                <persistence-enabled>false</persistence-enabled>
                <max-disk-usage>-1</max-disk-usage>
                %s""".formatted(directories(dataDirectory)) : """
                <persistence-enabled>true</persistence-enabled>
                <!-- ASYNCIO where libaio and the volume's file system allow it; else Artemis falls back to NIO
                     itself and logs why (AMQ221045, AMQ221054): the broker starts either way. -->
                <journal-type>ASYNCIO</journal-type>
                <!-- A persistent send returns once its record is synced to the volume. -->
                <journal-datasync>true</journal-datasync>
                <journal-sync-transactional>true</journal-sync-transactional>
                <journal-sync-non-transactional>true</journal-sync-non-transactional>
                <journal-file-size>%d</journal-file-size>
                <journal-min-files>2</journal-min-files>
                <journal-pool-files>%d</journal-pool-files>
                <journal-buffer-timeout>%d</journal-buffer-timeout>
                <journal-buffer-size>501760</journal-buffer-size>
                <!-- The delivery count is journalled before each delivery, so a message delivered and not
                     acknowledged before a restart comes back JMSRedelivered with its JMSXDeliveryCount. -->
                <persist-delivery-count-before-delivery>true</persist-delivery-count-before-delivery>
                <!-- A volume this full blocks producers instead of failing a journal write. -->
                <max-disk-usage>%d</max-disk-usage>
                %s""".formatted(JOURNAL_FILE_SIZE, JOURNAL_POOL_FILES, JOURNAL_BUFFER_TIMEOUT_NANOS, MAX_DISK_USAGE,
                directories(journalDirectory));
        // the first line takes the template's indentation, the others need it
        return settings.indent(4).strip();
    }

    private static String directories(String root) {
        return """
                <paging-directory>%1$s/paging</paging-directory>
                <bindings-directory>%1$s/bindings</bindings-directory>
                <journal-directory>%1$s/messages</journal-directory>
                <large-messages-directory>%1$s/large-messages</large-messages-directory>
                """.formatted(xml(root));
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
