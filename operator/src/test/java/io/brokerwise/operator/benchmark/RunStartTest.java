package io.brokerwise.operator.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BenchmarkRunStatus;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologyStatus;
import io.brokerwise.operator.layout.Conditions;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** When a run may start, without an API server: the topology and the other runs as the caches would hold them. */
class RunStartTest {

    private final BenchmarkRun run = run("b", "ns", "demo", "2026-11-27T12:00:10Z");

    @Test
    void aRunWaitsForItsTopologyToExist() {
        assertEquals(Optional.of("TopologyNotFound"), reason(Optional.empty(), false, Stream.of()));
    }

    @Test
    void aRunWaitsForItsTopologyToBeReadyAndRouted() {
        assertEquals(Optional.of("TopologyNotReady"), reason(Optional.of(topology(false)), true, Stream.of()));
        assertEquals(Optional.of("TopologyNotReady"), reason(Optional.of(topology(true)), false, Stream.of()));
        assertEquals(Optional.empty(), reason(Optional.of(topology(true)), true, Stream.of(run)));
    }

    @Test
    void runsOfOneTopologyTakeTurnsOldestFirst() {
        BenchmarkRun earlier = run("a", "ns", "demo", "2026-11-27T12:00:00Z");
        var wait = RunStart.waitReason(run, Optional.of(topology(true)), true, Stream.of(earlier, run));
        assertEquals("AnotherRunActive", wait.orElseThrow().reason());
        assertEquals("BenchmarkRun a measures the same topology first; runs of one topology take turns",
                wait.get().message());
        assertEquals(Optional.empty(), RunStart.waitReason(earlier, Optional.of(topology(true)), true,
                Stream.of(earlier, run)), "the oldest goes first");
    }

    @Test
    void onlyUnfinishedRunsOfTheSameTopologyAndNamespaceComeFirst() {
        BenchmarkRun finished = run("a", "ns", "demo", "2026-11-27T12:00:00Z");
        finished.setStatus(new BenchmarkRunStatus());
        finished.getStatus().phase = BenchmarkRunStatus.Phase.Failed;
        BenchmarkRun deleting = run("a2", "ns", "demo", "2026-11-27T12:00:00Z");
        deleting.getMetadata().setDeletionTimestamp("2026-11-27T12:00:05Z");
        BenchmarkRun otherTopology = run("a3", "ns", "other", "2026-11-27T12:00:00Z");
        BenchmarkRun otherNamespace = run("a4", "elsewhere", "demo", "2026-11-27T12:00:00Z");
        BenchmarkRun sameTimeLaterName = run("c", "ns", "demo", "2026-11-27T12:00:10Z");
        assertEquals(Optional.empty(), reason(Optional.of(topology(true)), true,
                Stream.of(finished, deleting, otherTopology, otherNamespace, sameTimeLaterName, run)));
    }

    private Optional<String> reason(Optional<PubSubTopology> topology, boolean routed, Stream<BenchmarkRun> runs) {
        return RunStart.waitReason(run, topology, routed, runs).map(RunStart.Wait::reason);
    }

    private static BenchmarkRun run(String name, String namespace, String topology, String created) {
        return Serialization.unmarshal("""
                apiVersion: brokerwise.io/v1alpha1
                kind: BenchmarkRun
                metadata: {name: %s, namespace: %s, creationTimestamp: "%s"}
                spec: {topologyRef: {name: %s}, mode: Saturate}
                """.formatted(name, namespace, created, topology), BenchmarkRun.class);
    }

    private static PubSubTopology topology(boolean ready) {
        PubSubTopology t = new PubSubTopology();
        t.setStatus(new PubSubTopologyStatus());
        t.getStatus().conditions = new ArrayList<>();
        Conditions.set(t.getStatus().conditions, 1, Conditions.READY, ready, ready ? "BrokersReady" : "BrokersNotReady",
                "");
        return t;
    }
}
