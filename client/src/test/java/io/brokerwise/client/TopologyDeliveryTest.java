package io.brokerwise.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every message reaches exactly the subscribers whose selector matches it, once, through PSR, SSR and a grid
 * of real brokers; selectors of both kinds (application property, correlation ID) and a compound one.
 */
@Timeout(90)
class TopologyDeliveryTest {

    /** Selectors and the same predicate in Java, so the test knows each message's audience. */
    record Interest(String selector, Predicate<Sent> matches) {
    }

    record Sent(String id, String key, int size, String correlationId) {
    }

    static final List<Interest> INTERESTS = List.of(
            new Interest("key = 'k0'", s -> s.key().equals("k0")),
            new Interest("key = 'k1'", s -> s.key().equals("k1")),
            new Interest("JMSCorrelationID = 'c1'", s -> "c1".equals(s.correlationId())),
            new Interest("key IN ('k0', 'k2') AND size > 2 OR JMSCorrelationID = 'c0'",
                    s -> (s.key().equals("k0") || s.key().equals("k2")) && s.size() > 2 || "c0".equals(s.correlationId())));

    /**
     * What each publisher sends after its messages, between them taken by every interest (checked in
     * {@link #publish}): a subscriber that has them has all that publisher sent it before ({@link Deliveries#await}).
     */
    static final List<Sent> MARKERS = List.of(new Sent("end-a", "k0", 3, "c1"), new Sent("end-b", "k1", 0, null));

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"2,1", "1,2", "2,2"})
    void everyMessageReachesExactlyItsMatchingSubscribers(int k, int l) throws Exception {
        try (LocalBrokers brokers = new LocalBrokers(dir);
             TopologyClient client = new TopologyClient(brokers.map(k, l), brokers.options())) {
            Deliveries deliveries = new Deliveries();
            for (int s = 0; s < INTERESTS.size(); s++) {
                Subscriber sub = deliveries.subscribe(client, "s" + s, INTERESTS.get(s).selector());
                assertEquals(k, sub.brokers().size(), "a subscriber registers at every broker of its column");
            }
            List<Publisher> publishers = new ArrayList<>();
            for (int p = 0; p < 4; p++) {
                publishers.add(client.publisher(false));
                assertEquals(l, publishers.get(p).copies(), "a publisher sends to every broker of its row");
            }
            int[][] members = client.membersPerGroup();
            assertArrayEquals(even(4, k), members[0], "publishers spread evenly");
            assertArrayEquals(even(INTERESTS.size(), l), members[1], "subscribers spread evenly");

            Map<String, Integer> expected = publish(publishers, 12, "m");
            assertEquals(expected, deliveries.await(expected, publishers));
        }
    }

    /**
     * Sends {@code perPublisher} messages from each publisher, then each of the {@link #MARKERS}; returns the
     * deliveries they should cause.
     */
    static Map<String, Integer> publish(List<Publisher> publishers, int perPublisher, String prefix) throws Exception {
        for (Interest interest : INTERESTS) {
            assertTrue(MARKERS.stream().anyMatch(interest.matches()), "a marker for " + interest.selector());
        }
        Map<String, Integer> expected = new TreeMap<>();
        Map<String, Integer> markers = new TreeMap<>();
        for (int p = 0; p < publishers.size(); p++) {
            for (int i = 0; i < perPublisher; i++) {
                send(publishers.get(p), new Sent(prefix + p + "-" + i, "k" + i % 4, i % 5,
                        i % 3 == 2 ? null : "c" + i % 3), expected);
            }
            for (Sent m : MARKERS) {
                send(publishers.get(p), new Sent(prefix + p + "-" + m.id(), m.key(), m.size(), m.correlationId()),
                        markers);
            }
        }
        assertTrue(expected.size() > perPublisher, "the test's messages must match someone");
        expected.putAll(markers);
        return expected;
    }

    /** Publishes one message; adds the deliveries it should cause to {@code expected}. */
    private static void send(Publisher publisher, Sent sent, Map<String, Integer> expected) throws Exception {
        Map<String, Object> props = Map.of(Deliveries.ID, sent.id(), "key", sent.key(), "size", sent.size());
        publisher.publish(new Outgoing("x".getBytes(StandardCharsets.UTF_8), props, sent.correlationId()));
        for (int s = 0; s < INTERESTS.size(); s++) {
            if (INTERESTS.get(s).matches().test(sent)) {
                expected.put("s" + s + " <- " + sent.id(), 1);
            }
        }
    }

    static int[] even(int clients, int groups) {
        int[] out = new int[groups];
        for (int i = 0; i < clients; i++) {
            out[i % groups]++;
        }
        return out;
    }
}
