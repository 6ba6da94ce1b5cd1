package io.brokerwise.client;

import static io.brokerwise.client.ReplicatedQueueTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import example.quotes.QuoteApp;
import example.quotes.QuoteApp.Quote;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The layout's replicated queue through the standard API and JNDI alone ({@code example.quotes} and the code below
 * use jakarta.jms and javax.naming only), on 1, 2 and 3 real replicas: each session's producers and consumers are
 * placed by ElectQueue, every message is taken once, selectors take what they match from every replica, and a
 * browser sees every replica. Transactions and acknowledgements: {@link JmsQueueTransactionTest}.
 */
@Timeout(120)
class JmsQueueTest {

    private static final int PER_PRODUCER = 40;

    @TempDir
    Path dir;

    /** Two consumers per replica, by listener and by receive; two producers per replica; each session elects. */
    @ParameterizedTest(name = "{0} API on {1} replicas")
    @CsvSource({"classic,1", "classic,2", "classic,3", "simplified,1", "simplified,2", "simplified,3"})
    void everyMessageIsTakenOnceAndEachSessionIsPlacedByElectQueue(String api, int k) throws Exception {
        try (JndiQueues layout = new JndiQueues(dir, k); QuoteApp app = JmsDeliveryTest.app(api).create(layout.jndi())) {
            for (int c = 0; c < 2 * k; c++) {
                app.consume(app.orders, "w" + c, null, c % 2 == 0);
            }
            Set<String> sent = send(app, producers(app, 2 * k), i -> "k");
            for (int i = 0; i < k; i++) {
                int replica = i;
                await(() -> layout.brokers.queue(replica).getConsumerCount() == 2
                        && layout.brokers.producers(replica) == 2, "two consumers and two producers at replica " + i);
            }
            Map<String, List<String>> taken = taken(app, sent);
            assertEquals(sent, taken.keySet(), "none lost");
            taken.forEach((id, by) -> assertEquals(1, by.size(), id + " taken once, not by " + by));
        }
    }

    /** Consumers of key a and key b, by listener and by receive, each reading every replica. */
    @ParameterizedTest(name = "{0} API on {1} replicas")
    @CsvSource({"classic,2", "classic,3", "simplified,2", "simplified,3"})
    void consumersWithASelectorTakeWhatTheyMatchFromEveryReplica(String api, int k) throws Exception {
        try (JndiQueues layout = new JndiQueues(dir, k); QuoteApp app = JmsDeliveryTest.app(api).create(layout.jndi())) {
            for (String key : List.of("a", "b")) {
                app.consume(app.orders, key + "-listener", "key = '" + key + "'", true);
                app.consume(app.orders, key + "-receiver", "key = '" + key + "'", false);
            }
            Set<String> sent = send(app, producers(app, k), i -> i % 2 == 0 ? "a" : "b");
            Map<String, List<String>> taken = taken(app, sent);
            assertEquals(sent, taken.keySet(), "none lost");
            taken.forEach((id, by) -> {
                assertEquals(1, by.size(), id + " taken once, not by " + by);
                assertTrue(by.get(0).startsWith(key(id) + "-"), id + " taken by a consumer of its key, not " + by);
            });
            for (int i = 0; i < k; i++) {
                assertTrue(layout.brokers.queue(i).getMessagesAdded() > 0, "replica " + i + " had messages");
            }
        }
    }

    /**
     * One producer per replica (ElectQueue's ties go to the first replica, so producer p is at replica p); the
     * browser gives each replica's messages in their order, replica after replica, and takes none.
     */
    @ParameterizedTest(name = "{0} API on {1} replicas")
    @CsvSource({"classic,1", "classic,3", "simplified,2", "simplified,3"})
    void aBrowserSeesEveryReplicaOneAfterAnother(String api, int k) throws Exception {
        try (JndiQueues layout = new JndiQueues(dir, k); QuoteApp app = JmsDeliveryTest.app(api).create(layout.jndi())) {
            Set<String> sent = send(app, producers(app, k), i -> i % 2 == 0 ? "a" : "b");
            for (int i = 0; i < k; i++) {
                int replica = i;
                await(() -> layout.brokers.queue(replica).getMessageCount() == PER_PRODUCER,
                        "producer " + i + "'s messages at replica " + i);
            }
            assertEquals(List.copyOf(sent), browse(api, layout.factory(), app.orders, null),
                    "every replica's messages once, replica after replica, each in its order");
            assertEquals(sent.stream().filter(id -> key(id).equals("a")).toList(),
                    browse(api, layout.factory(), app.orders, "key = 'a'"), "the selector's messages only");
            for (int i = 0; i < k; i++) {
                assertEquals(PER_PRODUCER, layout.brokers.queue(i).getMessageCount(), "browsing took nothing");
            }
        }
    }

    @Test
    void jndiBindsTheLayoutsQueueAndAnotherIsRefusedNamingIt() throws Exception {
        try (JndiQueues layout = new JndiQueues(dir, 1);
             Connection connection = layout.factory().createConnection()) {
            Queue bound = layout.queue();
            assertEquals(ReplicaBrokers.QUEUE, bound.getQueueName());
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            assertEquals(ReplicaBrokers.QUEUE, session.createQueue(ReplicaBrokers.QUEUE).getQueueName());
            InvalidDestinationException e = assertThrows(InvalidDestinationException.class,
                    () -> session.createQueue("payments"));
            assertTrue(e.getMessage().contains("[" + ReplicaBrokers.QUEUE + "]"), e.getMessage());
        }
    }

    /** The session's replica connection follows the JMS connection's start and stop. */
    @Test
    void aQueueConsumerGetsNothingBeforeItsConnectionStartsNorWhileItIsStopped() throws Exception {
        try (JndiQueues layout = new JndiQueues(dir, 1);
             Connection connection = layout.factory().createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(layout.queue());
            MessageConsumer consumer = session.createConsumer(layout.queue());
            producer.send(session.createTextMessage("first"));
            assertNull(consumer.receive(300), "nothing before start");
            connection.start();
            assertEquals("first", ((TextMessage) consumer.receive(5000)).getText());
            connection.stop();
            producer.send(session.createTextMessage("second"));
            assertNull(consumer.receiveNoWait(), "nothing while stopped");
            assertNull(consumer.receive(300), "nothing while stopped");
            connection.start();
            assertEquals("second", ((TextMessage) consumer.receive(5000)).getText());
        }
    }

    private static List<Integer> producers(QuoteApp app, int n) throws Exception {
        List<Integer> producers = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            producers.add(app.addProducer(app.orders));
        }
        return producers;
    }

    /** Sends {@value #PER_PRODUCER} quotes from each producer, with the key {@code keyOf} gives it; returns their ids. */
    private static Set<String> send(QuoteApp app, List<Integer> producers, IntFunction<String> keyOf)
            throws Exception {
        Set<String> ids = new LinkedHashSet<>();
        for (int p : producers) {
            for (int i = 0; i < PER_PRODUCER; i++) {
                String id = id(p, i) + "-" + keyOf.apply(i);
                app.send(p, new Quote(id, Map.of("key", keyOf.apply(i)), null));
                ids.add(id);
            }
        }
        return ids;
    }

    private static String id(int producer, int i) {
        return "o" + producer + "-" + i;
    }

    /**
     * Who took each message (one name per delivery), once every id in {@code sent} was taken (bounded wait) and
     * 200 ms more, in which a message taken twice would come again.
     */
    static Map<String, List<String>> taken(QuoteApp app, Set<String> sent) throws InterruptedException {
        Map<String, List<String>> taken = new TreeMap<>();
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!taken.keySet().containsAll(sent) && System.nanoTime() < deadline) {
            Thread.sleep(20);
            collect(app, taken);
        }
        Thread.sleep(200);
        collect(app, taken);
        return taken;
    }

    private static void collect(QuoteApp app, Map<String, List<String>> taken) {
        for (String line : app.takeReceived()) {
            assertFalse(line.contains(" with a damaged body") || line.contains(" <- unreadable"), line);
            int arrow = line.indexOf(" <- ");
            taken.computeIfAbsent(line.substring(arrow + 4), id -> new ArrayList<>()).add(line.substring(0, arrow));
        }
    }

    /** The ids a browser of {@code queue} sees, in its order, in either API. */
    private static List<String> browse(String api, ConnectionFactory factory, Queue queue, String selector)
            throws JMSException {
        if (api.equals("classic")) {
            try (Connection connection = factory.createConnection()) {
                return ids(connection.createSession(false, Session.AUTO_ACKNOWLEDGE).createBrowser(queue, selector));
            }
        }
        try (JMSContext context = factory.createContext()) {
            return ids(context.createBrowser(queue, selector));
        }
    }

    private static List<String> ids(QueueBrowser browser) throws JMSException {
        List<String> ids = new ArrayList<>();
        for (Enumeration<?> e = browser.getEnumeration(); e.hasMoreElements(); ) {
            ids.add(((Message) e.nextElement()).getStringProperty(QuoteApp.ID));
        }
        return ids;
    }

    private static String key(String id) {
        return id.substring(id.lastIndexOf('-') + 1);
    }
}
