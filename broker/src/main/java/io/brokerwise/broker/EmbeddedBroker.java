package io.brokerwise.broker;

import io.brokerwise.broker.metrics.PrometheusMetricsPlugin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.activemq.artemis.core.config.impl.SecurityConfiguration;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.spi.core.security.ActiveMQJAASSecurityManager;
import org.apache.activemq.artemis.spi.core.security.jaas.InVMLoginModule;

/**
 * A running Artemis broker in this JVM, started from a broker.xml with one user in {@link BrokerConfiguration#ROLE}.
 * BrokerMain runs one per process; tests run a few in-process for speed (still real brokers, real TCP).
 */
public final class EmbeddedBroker implements AutoCloseable {

    private final EmbeddedActiveMQ broker;

    private EmbeddedBroker(EmbeddedActiveMQ broker) {
        this.broker = broker;
    }

    /** Starts a broker from a broker.xml file; returns once its acceptor listens. */
    public static EmbeddedBroker start(Path brokerXml, BrokerCredentials credentials) throws Exception {
        if (!Files.isReadable(brokerXml)) {
            throw new IllegalArgumentException("no broker configuration at " + brokerXml);
        }
        EmbeddedActiveMQ broker = new EmbeddedActiveMQ();
        broker.setConfigResourcePath(brokerXml.toUri().toString());
        broker.setSecurityManager(securityManager(credentials));
        broker.start();
        return new EmbeddedBroker(broker);
    }

    /** Renders the configuration into {@code directory/broker.xml} and starts from it. */
    public static EmbeddedBroker start(BrokerConfiguration configuration, BrokerCredentials credentials,
                                       Path directory) throws Exception {
        Files.createDirectories(directory);
        Path xml = directory.resolve("broker.xml");
        Files.writeString(xml, configuration.render());
        return start(xml, credentials);
    }

    public ActiveMQServer server() {
        return broker.getActiveMQServer();
    }

    /** {@code host:port} of the broker's Prometheus endpoint ({@code GET /metrics}). */
    public String metricsAddress() {
        return metricsPlugin().flatMap(PrometheusMetricsPlugin::endpointAddress)
                .map(a -> a.getHostString() + ":" + a.getPort())
                .orElseThrow(() -> new IllegalStateException("broker.xml names no Brokerwise metrics plugin"));
    }

    @Override
    public void close() throws Exception {
        try {
            broker.stop();
        } finally {
            metricsPlugin().ifPresent(PrometheusMetricsPlugin::stop);
        }
    }

    private Optional<PrometheusMetricsPlugin> metricsPlugin() {
        var metrics = server().getConfiguration().getMetricsConfiguration();
        return metrics != null && metrics.getPlugin() instanceof PrometheusMetricsPlugin p ? Optional.of(p)
                : Optional.empty();
    }

    private static ActiveMQJAASSecurityManager securityManager(BrokerCredentials credentials) {
        SecurityConfiguration users = new SecurityConfiguration();
        users.addUser(credentials.user(), credentials.password());
        users.addRole(credentials.user(), BrokerConfiguration.ROLE);
        return new ActiveMQJAASSecurityManager(InVMLoginModule.class.getName(), users);
    }
}
