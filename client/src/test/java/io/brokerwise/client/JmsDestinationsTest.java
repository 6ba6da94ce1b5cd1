package io.brokerwise.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import example.quotes.QuoteApp;
import example.quotes.QuoteApp.Quote;
import jakarta.jms.Connection;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import javax.naming.Context;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Five topics and a queue on one layout of real brokers (PSR, SSR and a grid), used through JNDI and the standard API
 * alone ({@code example.quotes} and the lookups below): the context binds every destination of the routing map by its
 * name, each topic's consumers get exactly the messages of that topic their selectors match, once, every message of
 * the queue is taken once, and an undeclared topic is refused naming the declared ones.
 */
@Timeout(120)
class JmsDestinationsTest {

    private static final List<String> TOPICS = List.of("prices", "trades", "alerts", "audit", "news");
    private static final int PER_TOPIC = 20;
    private static final int QUEUED = 40;
    /** Each topic's consumers: every message, the red ones, the ones of n >= 5. */
    private static final Map<String, Predicate<Integer>> CONSUMERS = Map.of(
            "all", i -> true, "red", i -> i % 2 == 0, "big", i -> i % 10 >= 5);
    private static final Map<String, String> SELECTORS = Map.of("all", "", "red", "color = 'red'", "big", "n >= 5");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} API on {1}x{2}")
    @CsvSource({"classic,2,1", "classic,1,2", "classic,2,2", "simplified,2,2"})
    void everyMessageReachesExactlyItsMatchingConsumersOnce(String api, int k, int l) throws Exception {
        try (JndiDestinations layout = new JndiDestinations(dir, k, l, TOPICS);
             QuoteApp app = JmsDeliveryTest.app(api).create(layout.jndi())) {
            Context jndi = layout.jndi();
            Queue work = (Queue) jndi.lookup(ReplicaBrokers.QUEUE);
            app.consume(work, "work-a", null, true);
            app.consume(work, "work-b", null, false);
            Map<String, Integer> expected = new TreeMap<>();
            for (String name : TOPICS) {
                Topic topic = (Topic) jndi.lookup(name);
                for (String consumer : CONSUMERS.keySet()) {
                    String selector = SELECTORS.get(consumer);
                    app.consume(topic, name + "/" + consumer, selector.isEmpty() ? null : selector,
                            consumer.equals("red"));
                }
                int producer = app.addProducer(topic);
                for (int i = 0; i <= PER_TOPIC; i++) {
                    // the last is a marker every consumer takes: the producer's earlier messages reached it before
                    int n = i == PER_TOPIC ? 8 : i;
                    app.send(producer, new Quote(name + "-" + i, Map.of("color", n % 2 == 0 ? "red" : "blue", "n",
                            n % 10), null));
                    for (Map.Entry<String, Predicate<Integer>> c : CONSUMERS.entrySet()) {
                        if (c.getValue().test(n)) {
                            expected.put(name + "/" + c.getKey() + " <- " + name + "-" + i, 1);
                        }
                    }
                }
            }
            int queueProducer = app.addProducer(work);
            for (int i = 0; i < QUEUED; i++) {
                app.send(queueProducer, new Quote("w-" + i, Map.of("n", i), null));
            }
            Map<String, Integer> topics = new TreeMap<>();
            Map<String, Integer> taken = new TreeMap<>();
            long deadline = System.nanoTime() + 30_000_000_000L;
            while ((!topics.keySet().containsAll(expected.keySet()) || taken.size() < QUEUED)
                    && System.nanoTime() < deadline) {
                Thread.sleep(20);
                for (String line : app.takeReceived()) {
                    if (line.startsWith("work-")) {
                        taken.merge(line.substring(line.indexOf("<- ") + 3), 1, Integer::sum);
                    } else {
                        topics.merge(line, 1, Integer::sum);
                    }
                }
            }
            assertEquals(expected, topics, "each topic's consumers get what they match, once, and nothing else");
            assertEquals(QUEUED, taken.size(), "every queued message taken: " + taken.keySet());
            taken.forEach((id, times) -> assertEquals(1, times, id + " taken once"));
            refusesAnUndeclaredTopic(layout);
        }
    }

    private static void refusesAnUndeclaredTopic(JndiDestinations layout) throws Exception {
        try (Connection connection = layout.factory().createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            InvalidDestinationException e = assertThrows(InvalidDestinationException.class,
                    () -> session.createProducer(session.createTopic("payments")));
            assertTrue(e.getMessage().contains("topic 'payments' is not one of the layout's topics " + TOPICS),
                    e.getMessage());
        }
    }
}
