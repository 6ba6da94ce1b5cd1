package io.brokerwise.broker;

import java.nio.file.Files;
import java.nio.file.Path;
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

    @Override
    public void close() throws Exception {
        broker.stop();
    }

    private static ActiveMQJAASSecurityManager securityManager(BrokerCredentials credentials) {
        SecurityConfiguration users = new SecurityConfiguration();
        users.addUser(credentials.user(), credentials.password());
        users.addRole(credentials.user(), BrokerConfiguration.ROLE);
        return new ActiveMQJAASSecurityManager(InVMLoginModule.class.getName(), users);
    }
}
