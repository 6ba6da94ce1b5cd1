package io.brokerwise.client;

import static io.brokerwise.client.JmsSubscriptionsTest.receive;
import static io.brokerwise.client.JmsSubscriptionsTest.send;
import static io.brokerwise.client.JmsSubscriptionsTest.session;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerwise.client.jms.BrokerwiseConnectionFactory;
import io.brokerwise.routing.RoutingMap;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
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
import java.util.stream.IntStream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A durable subscription moves with l (its column is its key modulo l), through JNDI and the standard API alone, on
 * real brokers with journals: from PSR to a grid, from one broker to SSR, and between grids. The subscriber is away
 * while the layout changes and 1,000 messages are published; its old column's brokers stay in the layout and keep
 * taking messages for it. When it returns it reads its new column, drains the old one while 1,000 more are published,
 * and gets every message once, none twice; the old column's brokers then hold the subscription no more. A
 * connected subscriber moves the same way: registered at its new column first, its old one drained, then removed.
 */
@Timeout(180)
class JmsDurableMovesTest {

    private static final int AWAY = 1000;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}x{1} to {0}x{2}")
    @CsvSource({"2,1,2", "1,1,2", "1,2,3"})
    void aDurableSubscriberAwayAcrossAColumnMoveGetsEachMessageOnce(int k, int l, int wider) throws Exception {
        String clientId = movingClientId(l, wider);
        try (JndiLayout layout = new JndiLayout(dir, k, l, true)) {
            ConnectionFactory factory = layout.factory();
            Topic topic = layout.topic();
            Map<String, Integer> taken = new TreeMap<>();
            try (Connection audit = factory.createConnection()) {
                audit.setClientID(clientId);
                MessageConsumer consumer = session(audit).createDurableSubscriber(topic, "audit");
                audit.start();
                send(factory, topic, "before-", 10);
                receive(consumer, 5, taken);
            }
            layout.moveTo(k, wider);
            awaitFollowed(factory, k, wider);
            send(factory, topic, "away-", AWAY);
            try (Connection audit = factory.createConnection()) {
                audit.setClientID(clientId);
                Session session = session(audit);
                MessageConsumer consumer = session.createDurableSubscriber(topic, "audit");
                audit.start();
                send(factory, topic, "back-", AWAY);
                receive(consumer, 5 + 2 * AWAY, taken);
                assertEquals(null, consumer.receive(500), "nothing more");
                List<Integer> holding = awaitHeldOnlyBy(layout, k * wider, k);
                assertEquals(brokersOf(layout, clientId), holding, "held by its new column alone");
                consumer.close();
                session.unsubscribe("audit");
            }
            int twice = (int) taken.values().stream().filter(n -> n > 1).count();
            System.out.printf("%dx%d to %dx%d: %d of %d messages taken, %d twice%n", k, l, k, wider, taken.size(),
                    10 + 2 * AWAY, twice);
            assertEquals(10 + 2 * AWAY, taken.size(), "none lost");
            assertEquals(0, twice, "none twice");
        }
    }

    @ParameterizedTest(name = "{0}x{1} to {0}x{2}")
    @CsvSource({"2,1,2"})
    void aConnectedDurableSubscriberMovesWithItsColumnAndGetsEachMessageOnce(int k, int l, int wider)
            throws Exception {
        String clientId = movingClientId(l, wider);
        try (JndiLayout layout = new JndiLayout(dir, k, l, true)) {
            ConnectionFactory factory = layout.factory();
            Topic topic = layout.topic();
            Map<String, Integer> taken = new TreeMap<>();
            try (Connection audit = factory.createConnection()) {
                audit.setClientID(clientId);
                Session session = session(audit);
                session.createDurableSubscriber(topic, "audit").setMessageListener(m -> take(m, taken));
                audit.start();
                send(factory, topic, "before-", AWAY);
                layout.moveTo(k, wider);
                awaitFollowed(factory, k, wider);
                send(factory, topic, "after-", AWAY);
                long deadline = System.nanoTime() + 30_000_000_000L;
                while (count(taken) < 2 * AWAY && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertEquals(brokersOf(layout, clientId), awaitHeldOnlyBy(layout, k * wider, k),
                        "held by its new column alone");
                session.close();
                session(audit).unsubscribe("audit");
            }
            assertEquals(2 * AWAY, taken.size(), "none lost");
            assertEquals(List.of(), taken.entrySet().stream().filter(e -> e.getValue() > 1).toList(), "none twice");
        }
    }

    /**
     * PSR 2x1 to 1x1 while the subscriber is away: broker 1 leaves the layout holding what row 1's publisher sent it
     * (the operator keeps such a broker, its condition Retiring naming the subscription). The returning subscriber
     * finds it among its former columns, drains it, and removes the subscription there.
     */
    @ParameterizedTest(name = "{0}x1 to 1x1")
    @CsvSource({"2"})
    void aDurableSubscriberAwayWhileItsColumnShrinksDrainsTheBrokerItLeft(int k) throws Exception {
        try (JndiLayout layout = new JndiLayout(dir, k, 1, true)) {
            ConnectionFactory factory = layout.factory();
            Topic topic = layout.topic();
            Map<String, Integer> taken = new TreeMap<>();
            try (Connection audit = factory.createConnection()) {
                audit.setClientID("audit-service");
                session(audit).createDurableSubscriber(topic, "audit").close();
            }
            try (Connection first = factory.createConnection(); Connection second = factory.createConnection()) {
                // two producers at once: one in each row, so each broker of the column holds half
                List<MessageProducer> producers = List.of(session(first).createProducer(topic),
                        session(second).createProducer(topic));
                for (int i = 0; i < AWAY; i++) {
                    Message m = session(first).createTextMessage("before-" + i);
                    m.setStringProperty("id", "before-" + i);
                    producers.get(i % 2).send(m, DeliveryMode.PERSISTENT, Message.DEFAULT_PRIORITY, 0);
                }
            }
            assertEquals(List.of(0, 1), awaitHeldOnlyBy(layout, k, k), "both brokers hold the subscription");
            layout.moveTo(1, 1);
            awaitFollowed(factory, 1, 1);
            send(factory, topic, "after-", AWAY);
            try (Connection audit = factory.createConnection()) {
                audit.setClientID("audit-service");
                Session session = session(audit);
                MessageConsumer consumer = session.createDurableSubscriber(topic, "audit");
                audit.start();
                receive(consumer, 2 * AWAY, taken);
                assertEquals(null, consumer.receive(500), "nothing more");
                assertEquals(List.of(0), awaitHeldOnlyBy(layout, k, 1), "drained and removed at the broker it left");
                consumer.close();
                session.unsubscribe("audit");
            }
            assertEquals(2 * AWAY, taken.size(), "none lost");
            assertEquals(List.of(), taken.entrySet().stream().filter(e -> e.getValue() > 1).toList(), "none twice");
        }
    }

    private static void take(Message m, Map<String, Integer> taken) {
        try {
            synchronized (taken) {
                taken.merge(m.getStringProperty("id"), 1, Integer::sum);
            }
        } catch (JMSException e) {
            throw new java.lang.IllegalStateException(e);
        }
    }

    private static int count(Map<String, Integer> taken) {
        synchronized (taken) {
            return taken.size();
        }
    }

    /** A client ID whose durable subscriptions sit in another column at l and at {@code wider}. */
    private static String movingClientId(int l, int wider) {
        for (int i = 0; ; i++) {
            String id = "audit-service-" + i;
            if (Subscription.durable("audit", id).column(l) != Subscription.durable("audit", id).column(wider)) {
                return id;
            }
        }
    }

    /**
     * Waits (bounded) until the factory follows the map of k x l = {@code rows} x {@code columns}, as an application's does within a
     * period of reading its mounted routing.json; the test's own look at the factory, not the application's.
     */
    private static void awaitFollowed(ConnectionFactory factory, int rows, int columns) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        RoutingMap followed = ((BrokerwiseConnectionFactory) factory).routingMap();
        while ((followed.publisherGroups() != rows || followed.subscriberGroups() != columns)
                && System.nanoTime() < deadline) {
            Thread.sleep(10);
            followed = ((BrokerwiseConnectionFactory) factory).routingMap();
        }
        assertEquals(rows + "x" + columns, followed.publisherGroups() + "x" + followed.subscriberGroups(),
                "the factory follows the new map");
    }

    /** The indices of the brokers of the client ID's column in the layout's map, as the layout numbers them. */
    private static List<Integer> brokersOf(JndiLayout layout, String clientId) throws Exception {
        RoutingMap map = layout.map();
        List<String> column = map.column(Subscription.durable("audit", clientId).column(map.subscriberGroups()));
        List<String> numbered = layout.brokers.map(1, map.brokers().size()).brokers();
        return column.stream().map(numbered::indexOf).sorted().toList();
    }

    /** Waits (bounded) until {@code holders} of the first {@code brokers} hold a subscription; their indices. */
    private static List<Integer> awaitHeldOnlyBy(JndiLayout layout, int brokers, int holders) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        List<Integer> holding = List.of();
        while (System.nanoTime() < deadline) {
            holding = new ArrayList<>();
            for (int b : IntStream.range(0, brokers).toArray()) {
                if (layout.brokers.subscriptions(b).stream().anyMatch(q -> q.endsWith(".audit"))) {
                    holding.add(b);
                }
            }
            if (holding.size() == holders) {
                return holding;
            }
            Thread.sleep(20);
        }
        assertEquals(holders, holding.size(), "the old column drained and its subscription removed there: " + holding);
        return holding;
    }
}
