package io.brokerwise.operator.benchmark;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.operator.temporary.TemporaryBrokers;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.IntStream;

/** Whether a run's temporary brokers are all Ready, and if not, what the scheduler and the kubelet say of them. */
final class TemporaryBrokersStart {

    static final String REASON = "BrokerStarting";

    private TemporaryBrokersStart() {
    }

    /** Why the run must wait for its temporary brokers, or nothing once every one of them is Ready. */
    static Optional<String> waiting(BenchmarkRun run, TemporaryBrokers brokers, Context<BenchmarkRun> context,
                                    String placement) {
        long want = brokers.layout().brokers();
        int ready = context.getSecondaryResource(StatefulSet.class)
                .map(s -> s.getStatus() == null || s.getStatus().getReadyReplicas() == null ? 0
                        : s.getStatus().getReadyReplicas())
                .orElse(0);
        if (ready >= want) {
            return Optional.empty();
        }
        String statefulSet = Names.statefulSet(brokers.set().name());
        var pods = context.getClient().pods().inNamespace(run.getMetadata().getNamespace());
        List<Pod> starting = IntStream.range(0, Math.toIntExact(want))
                .mapToObj(i -> pods.withName(statefulSet + "-" + i).get()).filter(Objects::nonNull).toList();
        return Optional.of("waiting for the temporary brokers " + statefulSet + "-0 to -" + (want - 1) + " ("
                + ready + " of " + want + " Ready; " + placement + ")"
                + PodReasons.waiting(starting, JobOutcome.STARTING.negate()));
    }
}
