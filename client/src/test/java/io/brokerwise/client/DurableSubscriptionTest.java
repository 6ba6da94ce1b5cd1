package io.brokerwise.client;

import static io.brokerwise.client.TopologyDeliveryTest.INTERESTS;
import static io.brokerwise.client.TopologyDeliveryTest.publish;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ArrayList;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A durable subscriber's brokers keep its persistent messages while it is away, through a restart of every broker
 * of its column (real brokers with journals), and hand each over once when it comes back; unsubscribing removes the
 * subscription from each of them.
 */
@Timeout(120)
class DurableSubscriptionTest {

    @TempDir
    Path dir;

    @Test
    void messagesSentWhileAwayWaitThroughRestartsAndArriveOnce() throws Exception {
        try (LocalBrokers brokers = new LocalBrokers(dir, true)) {
            try (TopologyClient client = new TopologyClient(brokers.map(2, 1), brokers.options())) {
                Deliveries first = new Deliveries();
                subscribeAll(first, client);
                List<Publisher> publishers = List.of(client.publisher(true), client.publisher(true));
                Map<String, Integer> before = publish(publishers, 8, "a");
                assertEquals(before, first.await(before, publishers), "delivered while connected");
            }
            for (int b = 0; b < 2; b++) {
                assertTrue(brokers.subscriptions(b).containsAll(names()), "closing leaves the subscriptions");
            }
            Map<String, Integer> away;
            try (TopologyClient publishing = new TopologyClient(brokers.map(2, 1), brokers.options())) {
                away = publish(List.of(publishing.publisher(true), publishing.publisher(true)), 12, "w");
            }
            brokers.restart(0);
            brokers.restart(1);
            try (TopologyClient client = new TopologyClient(brokers.map(2, 1), brokers.options())) {
                Deliveries back = new Deliveries();
                List<Subscriber> subscribers = subscribeAll(back, client);
                assertEquals(away, back.await(away, List.of()), "each kept message once, none lost");
                for (Subscriber s : subscribers) {
                    client.unsubscribe(s);
                }
            }
            for (int b = 0; b < 2; b++) {
                for (String name : names()) {
                    assertFalse(brokers.subscriptions(b).contains(name), name + " removed from broker " + b);
                }
            }
        }
    }

    /** One durable subscriber per interest, named after it. */
    private static List<Subscriber> subscribeAll(Deliveries deliveries, TopologyClient client) throws Exception {
        List<Subscriber> subscribers = new ArrayList<>();
        for (int s = 0; s < INTERESTS.size(); s++) {
            subscribers.add(deliveries.subscribeDurably(client, "s" + s, INTERESTS.get(s).selector()));
        }
        return subscribers;
    }

    private static List<String> names() {
        return IntStream.range(0, INTERESTS.size()).mapToObj(s -> "s" + s).toList();
    }
}
