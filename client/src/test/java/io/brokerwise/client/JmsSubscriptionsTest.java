package io.brokerwise.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidClientIDException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Durable and shared subscriptions through JNDI and the standard API alone (the code below uses jakarta.jms and
 * javax.naming only), on real brokers with journals, PSR, SSR and a grid: a durable subscriber that is away for
 * 1,000 messages gets each once when it returns; three consumers of one shared subscription get each message once
 * between them; an unshared durable subscription without a client ID is refused, as Jakarta Messaging requires.
 */
@Timeout(120)
class JmsSubscriptionsTest {

    private static final String CLIENT_ID = "audit-service";
    private static final int AWAY = 1000;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"2,1", "1,2", "2,2"})
    void aDurableSubscriberAwayFor1000MessagesGetsEachOnceWhenItReturns(int k, int l) throws Exception {
        try (JndiLayout layout = new JndiLayout(dir, k, l, true)) {
            ConnectionFactory factory = layout.factory();
            Topic topic = layout.topic();
            Map<String, Integer> taken = new TreeMap<>();
            try (Connection audit = factory.createConnection()) {
                audit.setClientID(CLIENT_ID);
                MessageConsumer consumer = session(audit).createDurableSubscriber(topic, "audit");
                MessageConsumer second = session(audit).createDurableSubscriber(topic, "audit-red", "n < 5", false);
                audit.start();
                send(factory, topic, "before-", 10);
                // the rest, delivered to the client but never taken, stay the broker's
                receive(consumer, 5, taken);
                receive(second, 5, new TreeMap<>());
                try (Connection twin = factory.createConnection()) {
                    assertThrows(InvalidClientIDException.class, () -> twin.setClientID(CLIENT_ID),
                            "a client ID is held by one connection");
                }
            }
            send(factory, topic, "away-", AWAY);
            try (Connection audit = factory.createConnection()) {
                audit.setClientID(CLIENT_ID);
                Session session = session(audit);
                MessageConsumer consumer = session.createDurableSubscriber(topic, "audit");
                audit.start();
                receive(consumer, 5 + AWAY, taken);
                assertEquals(null, consumer.receive(200), "nothing more");
                consumer.close();
                session.unsubscribe("audit");
                session.unsubscribe("audit-red");
                assertThrows(JMSException.class, () -> session.unsubscribe("audit"), "removed from every broker");
            }
            assertEquals(10 + AWAY, taken.size(), "none lost");
            taken.forEach((id, times) -> assertEquals(1, times, id + " once"));
            for (int b = 0; b < k * l; b++) {
                assertTrue(layout.brokers.subscriptions(b).isEmpty(), "unsubscribed at broker " + b);
            }
        }
    }

    @ParameterizedTest(name = "{0}x{1}, durable {2}")
    @CsvSource({"2,1,false", "1,2,false", "2,2,false", "2,2,true"})
    void threeConsumersOfASharedSubscriptionGetEachMessageOnceBetweenThem(int k, int l, boolean durable)
            throws Exception {
        try (JndiLayout layout = new JndiLayout(dir, k, l, true)) {
            ConnectionFactory factory = layout.factory();
            Topic topic = layout.topic();
            List<Connection> connections = new ArrayList<>();
            Map<String, List<Integer>> takenBy = new TreeMap<>();
            try {
                for (int c = 0; c < 3; c++) {
                    Connection connection = factory.createConnection();
                    connections.add(connection);
                    Session session = session(connection);
                    MessageConsumer consumer = durable ? session.createSharedDurableConsumer(topic, "workers")
                            : session.createSharedConsumer(topic, "workers");
                    int consumerIndex = c;
                    consumer.setMessageListener(m -> record(m, consumerIndex, takenBy));
                    connection.start();
                }
                send(factory, topic, "m-", 300);
                long deadline = System.nanoTime() + 30_000_000_000L;
                while (size(takenBy) < 300 && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
            } finally {
                for (Connection c : connections) {
                    c.close();
                }
            }
            assertEquals(300, size(takenBy), "none lost");
            takenBy.forEach((id, by) -> assertEquals(1, by.size(), id + " taken once, not by " + by));
            long consumersUsed = takenBy.values().stream().map(by -> by.get(0)).distinct().count();
            assertTrue(consumersUsed > 1, "the subscription's messages are shared among its consumers");
            if (durable) {
                try (Connection connection = factory.createConnection()) {
                    session(connection).unsubscribe("workers");
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1,2"})
    void anUnsharedDurableSubscriptionNeedsAClientId(int k, int l) throws Exception {
        try (JndiLayout layout = new JndiLayout(dir, k, l, true);
             Connection connection = layout.factory().createConnection()) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> session(connection).createDurableSubscriber(layout.topic(), "audit"));
            assertTrue(e.getMessage().contains("needs the connection's client ID"), e.getMessage());
            for (int b = 0; b < k * l; b++) {
                assertFalse(layout.brokers.subscriptions(b).iterator().hasNext(), "nothing registered");
            }
        }
    }

    static Session session(Connection connection) throws JMSException {
        return connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
    }

    static void send(ConnectionFactory factory, Topic topic, String prefix, int count) throws JMSException {
        try (Connection connection = factory.createConnection()) {
            Session session = session(connection);
            MessageProducer producer = session.createProducer(topic);
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            for (int i = 0; i < count; i++) {
                Message m = session.createTextMessage(prefix + i);
                m.setStringProperty("id", prefix + i);
                m.setIntProperty("n", i % 10);
                producer.send(m);
            }
        }
    }

    static void receive(MessageConsumer consumer, int count, Map<String, Integer> taken) throws JMSException {
        for (int i = 0; i < count; i++) {
            Message m = consumer.receive(30_000);
            assertTrue(m != null, "message " + (i + 1) + " of " + count + " within 30 s");
            taken.merge(m.getStringProperty("id"), 1, Integer::sum);
        }
    }

    private static void record(Message m, int consumer, Map<String, List<Integer>> takenBy) {
        try {
            synchronized (takenBy) {
                takenBy.computeIfAbsent(m.getStringProperty("id"), id -> new ArrayList<>()).add(consumer);
            }
        } catch (JMSException e) {
            throw new java.lang.IllegalStateException(e);
        }
    }

    private static int size(Map<String, List<Integer>> takenBy) {
        synchronized (takenBy) {
            return takenBy.size();
        }
    }
}
