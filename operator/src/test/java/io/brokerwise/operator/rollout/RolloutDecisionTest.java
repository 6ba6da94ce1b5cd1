package io.brokerwise.operator.rollout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.operator.layout.Names;
import io.brokerwise.routing.RoutingMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The rollout's decision played against a small model of the StatefulSet controller and the kubelet (a pod asked for
 * is made from the current template and is Ready {@code startPasses} passes later; a deleted pod comes back the same
 * way), with
 * clients that leave an old broker as soon as the map moves. At every pass every cell's broker is Ready, and the
 * rollout ends with every cell on the current template, on ordinals 0 .. n-1 again, after n + 1 moves.
 */
class RolloutDecisionTest {

    static final IntFunction<String> ADDRESS = o -> RoutingMap.statefulSetAddress("t", "ns", 61616, o);

    /** The cluster as the decision sees it, one pass at a time. */
    static final class Cluster {
        final Map<Integer, RolloutDecision.Broker> pods = new HashMap<>();
        /** Each starting pod's passes left until it is Ready. */
        final Map<Integer, Integer> starting = new HashMap<>();
        int startPasses = 1;
        RoutingMap map;
        int replicas;
        String template = "v1";
        Set<String> cordonedOrdinals = Set.of();
        boolean restartAllowed;
        Set<Integer> unschedulable = Set.of();
        int moves;
        final List<String> steps = new ArrayList<>();

        Cluster(int k, int l) {
            map = RoutingMap.forStatefulSet("t", k, l, "t", "ns", 61616);
            replicas = k * l;
            for (int o = 0; o < replicas; o++) {
                pods.put(o, pod(true, "v1", o));
            }
        }

        RolloutDecision.Broker pod(boolean ready, String template, int ordinal) {
            return new RolloutDecision.Broker(ready, template, cordonedOrdinals.contains("" + ordinal),
                    !ready && unschedulable.contains(ordinal), true);
        }

        RolloutDecision.Decision pass() {
            // the kubelet: a starting pod is Ready once its passes are over, unless no node has room
            for (int o : List.copyOf(starting.keySet())) {
                int left = starting.merge(o, -1, Integer::sum);
                if (left <= 0 && pods.containsKey(o) && !unschedulable.contains(o)) {
                    pods.put(o, pod(true, pods.get(o).template(), o));
                    starting.remove(o);
                }
            }
            var decision = RolloutDecision.decide(new RolloutDecision.Inputs(map, template, replicas, Map.copyOf(pods),
                    ADDRESS, restartAllowed, Optional.empty(), Optional.empty()));
            steps.add(decision.action().step());
            apply(decision);
            return decision;
        }

        void apply(RolloutDecision.Decision decision) {
            if (decision.action() instanceof RolloutDecision.Action.MoveCell m) {
                map = map.withBroker(m.cell(), ADDRESS.apply(m.to()));
                moves++;
            } else if (decision.action() instanceof RolloutDecision.Action.RetireOldBroker r) {
                recreate(r.ordinal());
            } else if (decision.action() instanceof RolloutDecision.Action.RestartInPlace r) {
                recreate(r.ordinal());
            }
            int wanted = Math.max(decision.replicas(), highestNamed() + 1);
            for (int o = replicas; o < wanted; o++) {
                pods.put(o, pod(false, template, o));
                starting.put(o, startPasses);
            }
            for (int o = wanted; o < replicas && decision.replicas() > 0; o++) {
                pods.remove(o);
            }
            replicas = decision.replicas() > 0 ? wanted : replicas;
        }

        void recreate(int ordinal) {
            pods.put(ordinal, pod(false, template, ordinal));
            starting.put(ordinal, startPasses);
        }

        int highestNamed() {
            return map.brokers().stream().mapToInt(Names::ordinal).max().orElseThrow();
        }

        void assertEveryCellServed() {
            for (String broker : map.brokers()) {
                var pod = pods.get(Names.ordinal(broker));
                assertTrue(pod != null && pod.ready(), "cell on " + broker + " has no Ready broker: " + steps);
            }
        }

        /** Passes until the decision is idle; returns how many. */
        int rollOut() {
            for (int pass = 1; pass <= 100; pass++) {
                assertEveryCellServed();
                if (!pass().rolling()) {
                    return pass;
                }
                assertEveryCellServed();
            }
            throw new AssertionError("no end after 100 passes: " + steps);
        }
    }

    /** Pods that start within a pass, and pods that take several: the extra pod is started once, whatever they take. */
    @ParameterizedTest
    @CsvSource({"1,1,1", "2,1,1", "1,2,1", "2,2,1", "3,2,1", "3,3,1", "2,1,4", "2,2,3", "3,3,5"})
    void aNewTemplateReachesEveryCellMakeBeforeBreakInNPlusOneMoves(int k, int l, int startPasses) {
        Cluster cluster = new Cluster(k, l);
        cluster.startPasses = startPasses;
        cluster.template = "v2";
        cluster.rollOut();
        int n = k * l;
        assertEquals(n + 1, cluster.moves, "each cell once, and the one on the extra ordinal back: " + cluster.steps);
        assertEquals(n, cluster.highestNamed() + 1, "the map names ordinals 0 .. n-1 again");
        for (String broker : cluster.map.brokers()) {
            assertEquals("v2", cluster.pods.get(Names.ordinal(broker)).template());
        }
        assertEquals(n + 1, cluster.replicas, "the extra pod stays for the retirement, which waits for its clients");
    }

    /**
     * A change that comes while a shrink's brokers still retire (replicas beyond the map's): the rollout uses one of
     * them at most, as its new broker once replaced, and leaves the rest to the retirement.
     */
    @Test
    void brokersAShrinkLeftAreNotSparesBeyondTheOneExtra() {
        Cluster cluster = new Cluster(2, 1);
        cluster.replicas = 4;
        cluster.pods.put(2, cluster.pod(true, "v1", 2));
        cluster.pods.put(3, cluster.pod(true, "v1", 3));
        cluster.template = "v2";
        cluster.startPasses = 3;
        cluster.rollOut();
        assertEquals(3, cluster.moves, "two cells and one back, not a move to each broker the shrink left: "
                + cluster.steps);
    }

    @Test
    void nothingToRollIsIdleAndKeepsNoExtraPod() {
        var decision = new Cluster(2, 2).pass();
        assertInstanceOf(RolloutDecision.Action.Idle.class, decision.action());
        assertEquals(0, decision.replicas());
        assertEquals(4, decision.cellsCurrent());
    }

    @Test
    void aSecondChangeInTheMiddleRollsFromWhereItStands() {
        Cluster cluster = new Cluster(2, 1);
        cluster.template = "v2";
        while (cluster.moves < 1) {
            cluster.pass();
        }
        cluster.template = "v3";
        cluster.rollOut();
        for (String broker : cluster.map.brokers()) {
            assertEquals("v3", cluster.pods.get(Names.ordinal(broker)).template(), "every cell on the newest");
        }
    }

    @Test
    void anOldBrokerGoesOnlyOnceItHoldsNothing() {
        RoutingMap moved = RoutingMap.forStatefulSet("t", 2, 1, "t", "ns", 61616).withBroker(0, ADDRESS.apply(2));
        Map<Integer, RolloutDecision.Broker> pods = Map.of(
                0, new RolloutDecision.Broker(true, "v1", false, false, false),
                1, new RolloutDecision.Broker(true, "v1", false, false, false),
                2, new RolloutDecision.Broker(true, "v2", false, false, false));
        var held = RolloutDecision.decide(new RolloutDecision.Inputs(moved, "v2", 3, pods, ADDRESS, false,
                Optional.empty(), Optional.empty()));
        assertEquals("OldBrokerDraining", held.action().step());
        assertTrue(held.action().describe(o -> "t-broker-" + o).contains("t-broker-0"));
        assertEquals(3, held.replicas(), "the new broker's pod stays while the old one drains");
        var emptied = new java.util.HashMap<>(pods);
        emptied.put(0, new RolloutDecision.Broker(true, "v1", false, false, true));
        var retired = RolloutDecision.decide(new RolloutDecision.Inputs(moved, "v2", 3, emptied, ADDRESS, false,
                Optional.empty(), Optional.empty()));
        assertEquals(new RolloutDecision.Action.RetireOldBroker(0), retired.action());
    }

    @Test
    void aCordonedNodesBrokersMoveAwayThoughTheirTemplateIsCurrent() {
        Cluster cluster = new Cluster(2, 2);
        cluster.cordonedOrdinals = Set.of("1", "3");
        cluster.pods.put(1, cluster.pod(true, "v1", 1));
        cluster.pods.put(3, cluster.pod(true, "v1", 3));
        cluster.cordonedOrdinals = Set.of();
        // once moved, a recreated pod lands elsewhere: the model's new pods are never cordoned
        var first = RolloutDecision.decide(new RolloutDecision.Inputs(cluster.map, "v1", 4, Map.copyOf(cluster.pods),
                ADDRESS, false, Optional.empty(), Optional.empty()));
        assertEquals(new RolloutDecision.Action.StartNewBroker(5), first.action());
        assertEquals(2, first.cellsLeft());
    }

    @Test
    void noRoomForTheNewBrokerWaitsUnlessARestartIsAllowed() {
        Cluster cluster = new Cluster(2, 1);
        cluster.template = "v2";
        cluster.unschedulable = Set.of(2);
        cluster.pass();
        var held = cluster.pass();
        assertEquals("NoRoomForNewBroker", held.action().step());
        assertTrue(held.action().describe(o -> "t-broker-" + o).contains("spec.rollout.allowRestart"));
        cluster.restartAllowed = true;
        var restart = cluster.pass();
        assertEquals(new RolloutDecision.Action.RestartInPlace(0), restart.action());
        assertEquals(2, restart.replicas(), "the extra pod, which cannot start, is given up");
    }

    @Test
    void aChangeOfLayoutInFlightHoldsTheRollout() {
        Cluster cluster = new Cluster(2, 1);
        var held = RolloutDecision.decide(new RolloutDecision.Inputs(cluster.map, "v2", 2, Map.copyOf(cluster.pods),
                ADDRESS, false, Optional.of("the layout moves from 2x1 to 2x2 first"), Optional.empty()));
        assertEquals("WaitingForLayoutChange", held.action().step());
        assertEquals(2, held.replicas());
    }

    @Test
    void cellsThatCannotMoveRestartInPlaceOnlyWhenAllowedAndOneAtATime() {
        Cluster cluster = new Cluster(2, 1);
        Optional<String> queues = Optional.of("replicated queues' replicas are not moved to new brokers");
        var held = RolloutDecision.decide(new RolloutDecision.Inputs(cluster.map, "v2", 2, Map.copyOf(cluster.pods),
                ADDRESS, false, Optional.empty(), queues));
        assertEquals("CellsCannotMove", held.action().step());
        var restart = RolloutDecision.decide(new RolloutDecision.Inputs(cluster.map, "v2", 2, Map.copyOf(cluster.pods),
                ADDRESS, true, Optional.empty(), queues));
        assertEquals(new RolloutDecision.Action.RestartInPlace(0), restart.action());
        var pods = new HashMap<>(cluster.pods);
        pods.put(0, new RolloutDecision.Broker(false, "v2", false, false, true));
        var next = RolloutDecision.decide(new RolloutDecision.Inputs(cluster.map, "v2", 2, pods, ADDRESS, true,
                Optional.empty(), queues));
        assertEquals("RestartingInPlace", next.action().step(), "the next waits for the first to be Ready");
    }
}
