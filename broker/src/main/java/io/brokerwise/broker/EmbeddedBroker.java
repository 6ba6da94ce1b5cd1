package io.brokerwise.broker;

import io.brokerwise.broker.metrics.PrometheusMetricsPlugin;
import io.brokerwise.broker.queues.QueueReplicas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.activemq.artemis.core.config.FileDeploymentManager;
import org.apache.activemq.artemis.core.config.impl.FileConfiguration;
import org.apache.activemq.artemis.core.remoting.impl.netty.NettyAcceptor;
import org.apache.activemq.artemis.core.security.impl.SecurityStoreImpl;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.spi.core.remoting.Acceptor;
import org.apache.activemq.artemis.spi.core.security.ActiveMQJAASSecurityManager;

/**
 * A running Artemis broker in this JVM, started from a broker.xml with its {@link BrokerUsers}, one per
 * {@link BrokerRole}. BrokerMain runs one per process; tests run a few in-process for speed (still real brokers,
 * real TCP).
 */
public final class EmbeddedBroker implements AutoCloseable {

    private final EmbeddedActiveMQ broker;
    private final BrokerLogins logins;

    private EmbeddedBroker(EmbeddedActiveMQ broker, BrokerLogins logins) {
        this.broker = broker;
        this.logins = logins;
    }

    /** Starts a broker from a broker.xml file; returns once its acceptor listens. */
    public static EmbeddedBroker start(Path brokerXml, BrokerUsers users) throws Exception {
        if (!Files.isReadable(brokerXml)) {
            throw new IllegalArgumentException("no broker configuration at " + brokerXml);
        }
        BrokerLogins logins = new BrokerLogins(users);
        EmbeddedActiveMQ broker = new EmbeddedActiveMQ();
        broker.setConfiguration(configuration(brokerXml, users));
        // the metrics endpoint finds the users through the security manager (PrometheusMetricsPlugin)
        broker.setSecurityManager(new ActiveMQJAASSecurityManager(BrokerLoginModule.class.getName(), logins));
        broker.start();
        EmbeddedBroker started = new EmbeddedBroker(broker, logins);
        started.requireListening();
        return started;
    }

    /**
     * The broker.xml as Artemis reads it, with the cluster connection's credentials, which stay out of the file (and
     * the ConfigMap): the management user's password, which every broker of a topology holds. A bridge logging in
     * with them is the broker's own (Artemis's cluster user), allowed everything on the queues it joins.
     */
    private static FileConfiguration configuration(Path brokerXml, BrokerUsers users) throws Exception {
        FileConfiguration configuration = new FileConfiguration();
        new FileDeploymentManager(brokerXml.toUri().toString()).addDeployable(configuration).readConfiguration();
        configuration.setClusterUser(QueueReplicas.CLUSTER).setClusterPassword(users.management().password());
        return configuration;
    }

    /**
     * Artemis logs an acceptor that cannot bind and runs on without it (the acceptor still reports itself started,
     * on port 0); a broker no client can reach must not look started, so it stops and says why.
     */
    private void requireListening() throws Exception {
        for (Acceptor acceptor : server().getRemotingService().getAcceptors().values()) {
            if (acceptor instanceof NettyAcceptor netty && netty.getActualPort() <= 0) {
                close();
                throw new IllegalStateException("broker " + server().getConfiguration().getName()
                        + " could not listen with acceptor " + acceptor.getName()
                        + " (is its port in use?); see the log above for the cause");
            }
        }
    }

    /** Renders the configuration into {@code directory/broker.xml} and starts from it. */
    public static EmbeddedBroker start(BrokerConfiguration configuration, BrokerUsers users, Path directory)
            throws Exception {
        Files.createDirectories(directory);
        Path xml = directory.resolve("broker.xml");
        Files.writeString(xml, configuration.render());
        return start(xml, users);
    }

    /**
     * From now on the broker admits these users: new connections log in with them, and the sessions already open
     * are checked against them too. Artemis caches who logged in and what they may do for a few seconds
     * (security-invalidation-interval); both caches are emptied, so the change holds at once. A session that
     * logged in with a password no longer admitted keeps its subscriptions and deliveries, but its next send or
     * new consumer is refused: hence a rotation admits the previous password until every client has the new one.
     */
    public void admit(BrokerUsers users) {
        logins.admit(users);
        if (server().getSecurityStore() instanceof SecurityStoreImpl store) {
            store.invalidateAuthenticationCache();
            store.invalidateAuthorizationCache();
        }
    }

    public ActiveMQServer server() {
        return broker.getActiveMQServer();
    }

    /** The port the broker's acceptor listens on: the configured one, or the one the kernel gave for port 0. */
    public int acceptorPort() {
        return server().getRemotingService().getAcceptors().values().stream()
                .filter(NettyAcceptor.class::isInstance).map(a -> ((NettyAcceptor) a).getActualPort()).findFirst()
                .orElseThrow(() -> new IllegalStateException("broker.xml names no TCP acceptor"));
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
}
