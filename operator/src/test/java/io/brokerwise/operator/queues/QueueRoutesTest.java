package io.brokerwise.operator.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.operator.monitor.WakeOnChange;
import io.brokerwise.operator.monitor.Wakes;
import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.QueueRoute.Replica;
import io.brokerwise.routing.RoutingMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/** The queues' routes in the routing map, from a pass's inputs alone: no API server, no broker. */
class QueueRoutesTest {

    private static final List<String> BROKERS = List.of("b0:61616", "b1:61616", "b2:61616", "b3:61616");
    private static final IntPredicate ALL_SERVING = ordinal -> true;

    /** What the brokers' last readings say: by broker, by queue. */
    private final Map<String, Map<String, BrokerSample.QueueReplica>> read = new HashMap<>();

    private void read(String broker, String queue, int producers, int consumers, long depth) {
        read.computeIfAbsent(broker, b -> new HashMap<>())
                .put(queue, new BrokerSample.QueueReplica(producers, consumers, depth, 0, 0));
    }

    private List<QueueRoute> routes(Map<String, Integer> replicas, IntPredicate serving, Optional<RoutingMap> routed) {
        return QueueRoutes.of(inputs(replicas, serving, routed));
    }

    private QueueRoutes.Inputs inputs(Map<String, Integer> replicas, IntPredicate serving, Optional<RoutingMap> routed) {
        return new QueueRoutes.Inputs(replicas, serving, BROKERS, routed,
                (broker, queue) -> Optional.ofNullable(read.getOrDefault(broker, Map.of()).get(queue)));
    }

    private static Optional<RoutingMap> map(QueueRoute... queues) {
        return Optional.of(RoutingMap.of("t", 1, 1, List.of("b0:61616")).withQueues(List.of(queues)));
    }

    private static Map<String, Integer> deployed(Object... nameThenReplicas) {
        Map<String, Integer> replicas = new LinkedHashMap<>();
        for (int i = 0; i < nameThenReplicas.length; i += 2) {
            replicas.put((String) nameThenReplicas[i], (Integer) nameThenReplicas[i + 1]);
        }
        return replicas;
    }

    /** A new queue waits until its k brokers all run the broker.xml that declares it, as a new layout waits. */
    @Test
    void aNewQueueIsRoutedOnceItsBrokersServeIt() {
        assertEquals(List.of(), routes(deployed("work", 2), ordinal -> ordinal != 1, map()), "broker 1 still restarts");
        read("b0:61616", "work", 1, 2, 0);
        assertEquals(List.of(new QueueRoute("work", List.of(new Replica("b0:61616", 1, 2, false),
                Replica.at("b1:61616")))), routes(deployed("work", 2), ALL_SERVING, map()),
                "brokers 0 and 1 in order, each with the clients its last reading counted (b1 not read: none)");
    }

    /** A broker whose read failed or that was not read yet keeps the counts the map has, not zero. */
    @Test
    void aBrokerNotReadKeepsTheCountsTheMapHas() {
        var current = new QueueRoute("work", List.of(new Replica("b0:61616", 3, 4, false),
                new Replica("b1:61616", 5, 6, false)));
        read("b1:61616", "work", 5, 7, 0);
        assertEquals(List.of(new QueueRoute("work", List.of(new Replica("b0:61616", 3, 4, false),
                new Replica("b1:61616", 5, 7, false)))), routes(deployed("work", 2), ALL_SERVING, map(current)));
    }

    /** Growing: the route keeps its replicas until the new broker serves, so clients never learn of one that cannot. */
    @Test
    void aGrowingQueueKeepsItsRouteUntilTheNewBrokerServes() {
        var current = new QueueRoute("work", List.of(Replica.at("b0:61616"), Replica.at("b1:61616")));
        assertEquals(List.of(current), routes(deployed("work", 3), ordinal -> ordinal < 2, map(current)));
        assertEquals(3, routes(deployed("work", 3), ALL_SERVING, map(current)).get(0).replicas().size());
    }

    /**
     * Shrinking (Taton et al., rule R6): the replica left out is marked retiring, so that it takes no new client,
     * until its broker shows nothing on it; a broker not read keeps it.
     */
    @Test
    void aShrinkingQueueRetiresAReplicaOnceItIsEmpty() {
        var current = new QueueRoute("work", List.of(Replica.at("b0:61616"), Replica.at("b1:61616"),
                Replica.at("b2:61616")));
        assertEquals(new Replica("b2:61616", 0, 0, true),
                routes(deployed("work", 2), ALL_SERVING, map(current)).get(0).replicas().get(2), "not read: it stays");
        read("b2:61616", "work", 0, 1, 0);
        var retiring = routes(deployed("work", 2), ALL_SERVING, map(current)).get(0);
        assertEquals(new Replica("b2:61616", 0, 1, true), retiring.replicas().get(2), "a consumer is still there");
        read("b2:61616", "work", 0, 0, 12);
        assertEquals(3, routes(deployed("work", 2), ordinal -> false, map(retiring)).get(0).replicas().size(),
                "12 messages wait for another replica's consumers");
        read("b2:61616", "work", 0, 0, 0);
        assertEquals(List.of("b0:61616", "b1:61616"), routes(deployed("work", 2), ordinal -> false, map(retiring))
                .get(0).replicas().stream().map(Replica::address).toList(), "empty: it goes");
    }

    /**
     * As ReplicatedQueues watches the brokers: a read wakes the topology only when the routes it gives differ from
     * those the pass published, so that a map whose counts stay as they are is neither recomputed nor rewritten.
     */
    @Test
    void aReadWakesTheTopologyOnlyWhenARouteChanges() {
        read("b0:61616", "work", 1, 1, 0);
        QueueRoutes.Inputs in = inputs(deployed("work", 1), ALL_SERVING, map());
        Wakes wakes = new WakeOnChange<>(QueueRoutes.of(in), () -> QueueRoutes.of(in));
        read("b0:61616", "work", 1, 1, 40);
        assertFalse(wakes.afterRead(), "a deeper queue, the same clients: the map stays as it is");
        read("b0:61616", "work", 1, 2, 40);
        assertTrue(wakes.afterRead(), "a consumer more");
        assertFalse(wakes.afterRead(), "woken once for it");
    }

    /** A queue no longer deployed (its plan became infeasible, or it left the spec) leaves the map; order is the spec's. */
    @Test
    void theRoutesAreTheDeployedQueuesInTheSpecsOrder() {
        var gone = new QueueRoute("gone", List.of(Replica.at("b0:61616")));
        var work = new QueueRoute("work", List.of(Replica.at("b0:61616")));
        assertEquals(List.of("audit", "work"), routes(deployed("audit", 1, "work", 1), ALL_SERVING, map(gone, work))
                .stream().map(QueueRoute::name).toList());
    }
}
