package io.brokerwise.client;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerUsers;
import io.brokerwise.broker.EmbeddedBroker;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * A real broker with a journal whose volume it finds full: broker.xml as the operator renders it, with a
 * max-disk-usage of 1%, below what any test machine's disk already uses, so Artemis's own disk scan finds the
 * volume beyond its limit. Its application user holds one connection, with a durable subscription to the topic
 * that would hold what the broker stored.
 */
final class FullVolumeBroker implements AutoCloseable {

    static final String TOPIC = "orders";
    private static final String CLIENT_ID = "full-volume";
    private static final String SUBSCRIPTION = "kept";

    private final EmbeddedBroker broker;
    private final Connection connection;
    private final Session session;

    private FullVolumeBroker(EmbeddedBroker broker, Connection connection) throws JMSException {
        this.broker = broker;
        this.connection = connection;
        connection.setClientID(CLIENT_ID);
        this.session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        // a durable subscription that would hold whatever the broker stored
        session.createDurableConsumer(session.createTopic(TOPIC), SUBSCRIPTION).close();
    }

    static FullVolumeBroker start(Path dir) throws Exception {
        BrokerUsers users = BrokerUsers.generate();
        String rendered = BrokerConfiguration.forLoopback("b0", TOPIC, true, 0, dir.toString()).render();
        String limit = "<max-disk-usage>" + BrokerConfiguration.MAX_DISK_USAGE + "</max-disk-usage>";
        if (!rendered.contains(limit)) {
            throw new IllegalStateException("broker.xml no longer sets " + limit);
        }
        Path xml = Files.writeString(dir.resolve("broker.xml"), rendered.replace(limit,
                "<max-disk-usage>1</max-disk-usage><disk-scan-period>200</disk-scan-period>"));
        EmbeddedBroker broker = EmbeddedBroker.start(xml, users);
        awaitFull(broker);
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory("tcp://127.0.0.1:" + broker.acceptorPort());
        return new FullVolumeBroker(broker,
                factory.createConnection(users.application().user(), users.application().password()));
    }

    /** The broker's first disk scan runs a period after it starts. */
    private static void awaitFull(EmbeddedBroker broker) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!broker.server().getPagingManager().isDiskFull()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the broker never found its volume full");
            }
            Thread.sleep(50);
        }
    }

    Session session() {
        return session;
    }

    MessageProducer persistentProducer() throws JMSException {
        MessageProducer producer = session.createProducer(session.createTopic(TOPIC));
        producer.setDeliveryMode(DeliveryMode.PERSISTENT);
        return producer;
    }

    String address() {
        return "127.0.0.1:" + broker.acceptorPort();
    }

    /** Messages the durable subscription holds. */
    long stored() {
        return broker.server().locateQueue(CLIENT_ID + "." + SUBSCRIPTION).getMessageCount();
    }

    @Override
    public void close() throws Exception {
        connection.close();
        broker.close();
    }
}
