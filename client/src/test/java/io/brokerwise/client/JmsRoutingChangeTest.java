package io.brokerwise.client;

import static io.brokerwise.client.JmsDeliveryTest.app;
import static io.brokerwise.client.TopologyDeliveryTest.INTERESTS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import example.quotes.QuoteApp;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The routing map changes (PSR scale-out 1x1 to 2x1, then a grid 2x2) under the standard-API application while
 * it sends: every consumer still gets every matching quote, none it did not ask for; quotes seen twice while a
 * consumer moves are counted and reported.
 */
@Timeout(120)
class JmsRoutingChangeTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} API")
    @ValueSource(strings = {"classic", "simplified"})
    void aMapChangeWhileSendingLosesNothingForConnectedConsumers(String api) throws Exception {
        try (JndiLayout layout = new JndiLayout(dir, 1, 1); QuoteApp app = app(api).create(layout.jndi())) {
            JmsDeliveryTest.subscribe(app);
            List<Integer> producers = List.of(app.addProducer(), app.addProducer());
            Map<String, Integer> expected = new TreeMap<>();
            AtomicBoolean sending = new AtomicBoolean(true);
            AtomicInteger sent = new AtomicInteger();
            Thread sender = new Thread(() -> {
                try {
                    for (int i = 0; sending.get(); i++) {
                        Map<String, Integer> audience = JmsDeliveryTest.send(app, producers.get(i % 2),
                                JmsDeliveryTest.quote("q" + i, i));
                        synchronized (expected) {
                            expected.putAll(audience);
                        }
                        sent.incrementAndGet();
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, "sender");
            sender.start();
            awaitSent(sent, 50);

            layout.moveTo(2, 1);
            awaitSubscriptions(layout, new int[] {INTERESTS.size(), INTERESTS.size()});
            awaitSent(sent, sent.get() + 50);

            layout.moveTo(2, 2);
            awaitSubscriptions(layout, new int[] {2, 2, 2, 2});
            awaitSent(sent, sent.get() + 50);
            sending.set(false);
            sender.join();

            Map<String, Integer> counts = JmsDeliveryTest.await(app, producers, expected);
            Set<String> missing = new TreeSet<>(expected.keySet());
            missing.removeAll(counts.keySet());
            Set<String> strays = new TreeSet<>(counts.keySet());
            strays.removeAll(expected.keySet());
            int duplicates = counts.values().stream().mapToInt(c -> c - 1).sum();
            System.out.printf("%s API: %d quotes sent, %d deliveries expected, %d missing, %d strays, "
                    + "%d duplicates during the moves%n", api, sent.get(), expected.size(), missing.size(),
                    strays.size(), duplicates);
            assertEquals(Set.of(), missing, "connected consumers lose nothing");
            assertEquals(Set.of(), strays, "no consumer gets a quote its selector does not match");
            assertTrue(counts.keySet().stream().anyMatch(d -> d.startsWith("s1 ")), "s1 still receives");
        }
    }

    private static void awaitSent(AtomicInteger sent, int atLeast) throws InterruptedException {
        while (sent.get() < atLeast) {
            Thread.sleep(10);
        }
    }

    /** Waits (bounded) until broker i holds {@code expected[i]} subscriptions: the new map is applied. */
    private static void awaitSubscriptions(JndiLayout layout, int[] expected) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        int[] now = new int[expected.length];
        while (System.nanoTime() < deadline) {
            for (int i = 0; i < expected.length; i++) {
                now[i] = layout.brokers.subscriptions(i).size();
            }
            if (java.util.Arrays.equals(now, expected)) {
                return;
            }
            Thread.sleep(20);
        }
        assertEquals(java.util.Arrays.toString(expected), java.util.Arrays.toString(now), "the new map applied");
    }
}
