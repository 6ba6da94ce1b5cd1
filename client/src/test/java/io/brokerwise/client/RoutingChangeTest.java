package io.brokerwise.client;

import static io.brokerwise.client.TopologyDeliveryTest.INTERESTS;
import static io.brokerwise.client.TopologyDeliveryTest.publish;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapCodec;
import io.brokerwise.routing.RoutingMapWatcher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Clients follow a new routing map without dropping the subscriptions at brokers that stay. */
@Timeout(90)
class RoutingChangeTest {

    @TempDir
    Path dir;

    @Test
    void scalingOutKeepsExistingSubscriptionsAndDeliversExactlyOnce() throws Exception {
        try (LocalBrokers brokers = new LocalBrokers(dir);
             TopologyClient client = new TopologyClient(brokers.map(1, 1), brokers.options())) {
            Deliveries deliveries = new Deliveries();
            for (int s = 0; s < INTERESTS.size(); s++) {
                deliveries.subscribe(client, "s" + s, INTERESTS.get(s).selector());
            }
            List<Publisher> publishers = List.of(client.publisher(false), client.publisher(false));
            Map<String, Integer> before = publish(publishers, 8, "a");
            assertEquals(before, deliveries.await(before, publishers));
            Set<String> subscriptionsAtFirstBroker = brokers.subscriptions(0);
            assertEquals(INTERESTS.size(), subscriptionsAtFirstBroker.size());

            // PSR scale-out 1x1 -> 2x1: every subscriber adds the new broker, one publisher moves to it.
            client.update(brokers.map(2, 1));
            assertEquals(subscriptionsAtFirstBroker, brokers.subscriptions(0), "subscriptions at broker 0 untouched");
            assertEquals(INTERESTS.size(), brokers.subscriptions(1).size(), "every subscriber registered at broker 1");
            assertArrayEquals(new int[] {1, 1}, client.membersPerGroup()[0], "publishers spread over both rows");
            Map<String, Integer> after = publish(publishers, 8, "b");
            assertEquals(after, deliveries.await(after, publishers));

            // Grid 2x2: half of the subscribers move to the new column, the rest keep their subscriptions.
            client.update(brokers.map(2, 2));
            assertArrayEquals(new int[] {2, 2}, client.membersPerGroup()[1], "subscribers spread over both columns");
            Set<String> kept = settled(brokers, 0, 2);
            assertEquals(2, kept.size(), "the subscribers that moved left broker 0");
            assertTrue(subscriptionsAtFirstBroker.containsAll(kept), "the subscribers that stayed kept their queues");
            Map<String, Integer> grid = publish(publishers, 8, "c");
            assertEquals(grid, deliveries.await(grid, publishers));
        }
    }

    @Test
    void aNewColumnOnNewBrokersLeavesTheOtherColumnsSubscriptionsAloneAndRetiresCleanly() throws Exception {
        try (LocalBrokers brokers = new LocalBrokers(dir)) {
            RoutingMap psr = brokers.map(2, 1);
            try (TopologyClient client = new TopologyClient(psr, brokers.options())) {
                Deliveries deliveries = new Deliveries();
                for (int s = 0; s < INTERESTS.size(); s++) {
                    deliveries.subscribe(client, "s" + s, INTERESTS.get(s).selector());
                }
                List<Publisher> publishers = List.of(client.publisher(false), client.publisher(false));
                Set<String> atBroker0 = brokers.subscriptions(0);
                Set<String> atBroker1 = brokers.subscriptions(1);

                // 2x1 -> 2x2 keeping cells: column 0 stays on brokers 0 and 1, column 1 is brokers 2 and 3
                RoutingMap grid = brokers.moved(psr, 2, 2);
                assertEquals(psr.column(0), grid.column(0));
                client.update(grid);
                int moved = INTERESTS.size() / 2;
                Set<String> kept0 = settled(brokers, 0, INTERESTS.size() - moved);
                assertTrue(atBroker0.containsAll(kept0), "the subscribers that stayed kept their queues at broker 0");
                assertTrue(atBroker1.containsAll(settled(brokers, 1, INTERESTS.size() - moved)));
                assertEquals(moved, brokers.subscriptions(2).size(), "only the subscribers column 1 takes moved");
                Map<String, Integer> after = publish(publishers, 8, "g");
                assertEquals(after, deliveries.await(after, publishers));

                // and back: column 1 retires, its subscribers re-join column 0 on the brokers it always had
                RoutingMap back = brokers.moved(grid, 2, 1);
                assertEquals(psr.brokers(), back.brokers(), "each cell back on its broker");
                client.update(back);
                assertEquals(INTERESTS.size(), settled(brokers, 0, INTERESTS.size()).size());
                assertTrue(settled(brokers, 2, 0).isEmpty(), "the retired brokers hold no subscription");
                Map<String, Integer> shrunk = publish(publishers, 8, "s");
                assertEquals(shrunk, deliveries.await(shrunk, publishers));
            }
        }
    }

    @Test
    void subscriptionsComeBackWhenTheirBrokerRestarts() throws Exception {
        try (LocalBrokers brokers = new LocalBrokers(dir);
             TopologyClient client = new TopologyClient(brokers.map(2, 1), brokers.options())) {
            Deliveries deliveries = new Deliveries();
            for (int s = 0; s < INTERESTS.size(); s++) {
                deliveries.subscribe(client, "s" + s, INTERESTS.get(s).selector());
            }
            List<Publisher> publishers = List.of(client.publisher(false), client.publisher(false));
            brokers.restart(1);
            assertEquals(INTERESTS.size(), settled(brokers, 1, INTERESTS.size(), 30).size(),
                    "every subscriber registered again at the restarted broker");
            Map<String, Integer> after = publish(publishers, 8, "r");
            assertEquals(after, deliveries.await(after, publishers));
        }
    }

    /** A closed subscription's queue goes away asynchronously: wait (bounded) for the broker to settle. */
    private static Set<String> settled(LocalBrokers brokers, int broker, int expected) throws Exception {
        return settled(brokers, broker, expected, 5);
    }

    private static Set<String> settled(LocalBrokers brokers, int broker, int expected, int seconds) throws Exception {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        Set<String> now = brokers.subscriptions(broker);
        while (now.size() != expected && System.nanoTime() < deadline) {
            Thread.sleep(20);
            now = brokers.subscriptions(broker);
        }
        return now;
    }

    @Test
    void watcherAppliesAChangedFileAndSkipsABrokenOne() throws Exception {
        try (LocalBrokers brokers = new LocalBrokers(dir)) {
            Path file = dir.resolve(RoutingMapCodec.CONFIG_MAP_KEY);
            RoutingMap single = brokers.map(1, 1);
            Files.writeString(file, RoutingMapCodec.toJson(single));
            List<String> problems = new CopyOnWriteArrayList<>();
            try (TopologyClient client = new TopologyClient(RoutingMapWatcher.read(file), brokers.options());
                 RoutingMapWatcher watcher = RoutingMapWatcher.watch(file, client, Duration.ofHours(1), problems::add)) {
                Subscriber s = client.subscriber(null, m -> { });
                Files.writeString(file, "{\"version\": 7}");
                watcher.check();
                assertEquals(1, problems.size(), problems.toString());
                assertEquals(single, client.routingMap(), "a broken map leaves the client as it was");

                RoutingMap two = brokers.map(2, 1);
                Files.writeString(file, RoutingMapCodec.toJson(two));
                watcher.check();
                assertEquals(two, client.routingMap());
                assertEquals(new ArrayList<>(two.column(0)), s.brokers());
            }
        }
    }
}
