package io.brokerwise.operator.benchmark;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.operator.layout.Conditions;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Whether a run of a topology may start: the topology is there, Ready, and routes its clients (a benchmark measures
 * running brokers), and no unfinished run of the same topology was created before it (runs of one topology take
 * turns, oldest first). Pure: the reconciler passes what its caches hold.
 */
final class RunStart {

    /** Why a run waits: the reason of its Succeeded condition, and the message a user reads. */
    record Wait(String reason, String message) {
    }

    private static final Comparator<BenchmarkRun> CREATION = Comparator
            .comparing((BenchmarkRun r) -> r.getMetadata().getCreationTimestamp())
            .thenComparing(r -> r.getMetadata().getName());

    private RunStart() {
    }

    /**
     * Why {@code run} cannot start yet, or nothing when it can.
     *
     * @param routed whether the topology's routing map names a layout
     * @param runs   every run the operator knows (of any topology, in any namespace)
     */
    static Optional<Wait> waitReason(BenchmarkRun run, Optional<PubSubTopology> topology, boolean routed,
                                     Stream<BenchmarkRun> runs) {
        String name = run.getSpec().topologyRef.name;
        if (topology.isEmpty()) {
            return Optional.of(new Wait("TopologyNotFound", "no PubSubTopology " + name + " in namespace "
                    + run.getMetadata().getNamespace()));
        }
        List<Condition> conditions = topology.get().getStatus() == null ? List.of()
                : topology.get().getStatus().conditions;
        if (!Conditions.isTrue(conditions, Conditions.READY) || !routed) {
            return Optional.of(new Wait("TopologyNotReady", "PubSubTopology " + name + " is not Ready: a benchmark "
                    + "measures running brokers"));
        }
        return earlierRun(run, runs).map(other -> new Wait("AnotherRunActive", "BenchmarkRun " + other
                + " measures the same topology first; runs of one topology take turns"));
    }

    /** The first unfinished run of the same topology created before this one. */
    private static Optional<String> earlierRun(BenchmarkRun run, Stream<BenchmarkRun> runs) {
        return runs.filter(r -> r.getMetadata().getNamespace().equals(run.getMetadata().getNamespace())
                        && run.getSpec().topologyRef.name.equals(topologyOf(r))
                        && !(r.getStatus() != null && r.getStatus().finished())
                        && r.getMetadata().getDeletionTimestamp() == null
                        && CREATION.compare(r, run) < 0)
                .min(CREATION).map(r -> r.getMetadata().getName());
    }

    /** The topology a run measures; none for a Calibrate run. */
    static String topologyOf(BenchmarkRun run) {
        return run.getSpec().topologyRef == null ? null : run.getSpec().topologyRef.name;
    }
}
