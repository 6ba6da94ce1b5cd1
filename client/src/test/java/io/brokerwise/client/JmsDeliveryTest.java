package io.brokerwise.client;

import static io.brokerwise.client.TopologyDeliveryTest.INTERESTS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import example.quotes.ClassicQuoteApp;
import example.quotes.QuoteApp;
import example.quotes.QuoteApp.Quote;
import example.quotes.SimplifiedQuoteApp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.naming.Context;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An application written against Jakarta Messaging only ({@code example.quotes}, no Brokerwise import), given a
 * Brokerwise layout by its JNDI environment: every quote reaches exactly the consumers whose selector matches,
 * once, through PSR, SSR and a grid, with either JMS API, by listener and by receive, in every body type.
 */
@Timeout(120)
class JmsDeliveryTest {

    @TempDir
    Path dir;

    interface AppFactory {
        QuoteApp create(Context jndi) throws Exception;
    }

    static AppFactory app(String api) {
        return api.equals("classic") ? ClassicQuoteApp::new : SimplifiedQuoteApp::new;
    }

    @ParameterizedTest(name = "{0} API on {1}x{2}")
    @CsvSource({"classic,2,1", "classic,1,2", "classic,2,2", "simplified,2,1", "simplified,1,2", "simplified,2,2"})
    void everyQuoteReachesExactlyItsMatchingConsumers(String api, int k, int l) throws Exception {
        try (JndiLayout layout = new JndiLayout(dir, k, l); QuoteApp app = app(api).create(layout.jndi())) {
            subscribe(app);
            for (int c = 0; c < l; c++) {
                int[] perColumn = TopologyDeliveryTest.even(INTERESTS.size(), l);
                for (int r = 0; r < k; r++) {
                    assertEquals(perColumn[c], layout.brokers.subscriptions(r * l + c).size(),
                            "ElectQueue spreads the consumers over the columns, each registered at its whole column");
                }
            }
            List<Integer> producers = new ArrayList<>();
            for (int p = 0; p < 4; p++) {
                producers.add(app.addProducer());
            }
            Map<String, Integer> expected = new TreeMap<>();
            for (int p : producers) {
                for (int i = 0; i < 12; i++) {
                    expected.putAll(send(app, p, quote("q" + p + "-" + i, i)));
                }
            }
            assertEquals(expected, await(app, producers, expected));
        }
    }

    /** One consumer per interest, alternately by listener and by a receiving thread. */
    static void subscribe(QuoteApp app) throws Exception {
        for (int s = 0; s < INTERESTS.size(); s++) {
            app.subscribe("s" + s, INTERESTS.get(s).selector(), s % 2 == 0);
        }
    }

    /** A quote of the same shape as the client tests' messages: key, size and correlation ID vary with i. */
    static TopologyDeliveryTest.Sent quote(String id, int i) {
        return new TopologyDeliveryTest.Sent(id, "k" + i % 4, i % 5, i % 3 == 2 ? null : "c" + i % 3);
    }

    /** Sends one quote; returns the deliveries it should cause, one per matching consumer. */
    static Map<String, Integer> send(QuoteApp app, int producer, TopologyDeliveryTest.Sent sent) throws Exception {
        Map<String, Object> props = new HashMap<>(Map.of("key", sent.key(), "size", sent.size()));
        app.send(producer, new Quote(sent.id(), props, sent.correlationId()));
        Map<String, Integer> expected = new TreeMap<>();
        for (int s = 0; s < INTERESTS.size(); s++) {
            if (INTERESTS.get(s).matches().test(sent)) {
                expected.put("s" + s + " <- " + sent.id(), 1);
            }
        }
        return expected;
    }

    /**
     * Sends the {@link TopologyDeliveryTest#MARKERS} from each producer after its quotes and adds the deliveries they
     * should cause to {@code expected}; waits (bounded) until every expected delivery arrived, and returns the
     * deliveries counted per line, duplicates and strays included.
     */
    static Map<String, Integer> await(QuoteApp app, List<Integer> producers, Map<String, Integer> expected)
            throws Exception {
        assertTrue(expected.size() > 10, "the test's quotes must match someone");
        for (int p : producers) {
            for (TopologyDeliveryTest.Sent m : TopologyDeliveryTest.MARKERS) {
                expected.putAll(send(app, p, new TopologyDeliveryTest.Sent("q" + p + "-" + m.id(), m.key(), m.size(),
                        m.correlationId())));
            }
        }
        Map<String, Integer> counts = new TreeMap<>();
        long deadline = System.nanoTime() + 20_000_000_000L;
        do {
            Thread.sleep(20);
            app.takeReceived().forEach(r -> counts.merge(r, 1, Integer::sum));
        } while (!counts.keySet().containsAll(expected.keySet()) && System.nanoTime() < deadline);
        // Enough: a producer's row meets a consumer's column at one broker, where JMS keeps a session's order, and a
        // consumer's quotes pass one buffer in order: its marker from a producer came after all that producer sent it.
        return counts;
    }
}
