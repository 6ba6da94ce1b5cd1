package io.brokerwise.operator.benchmark;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BenchmarkRunStatus;
import io.brokerwise.api.v1alpha1.BenchmarkRunStatus.Phase;
import io.brokerwise.operator.Outcome;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;

/**
 * A run's phase and its Succeeded condition, moved together through the pass's {@link Outcome}: the phase alone
 * is what the run's clients and {@code kubectl get} read, the condition says why.
 */
final class RunProgress {

    static final String SUCCEEDED = "Succeeded";

    final BenchmarkRunStatus status;
    private final Outcome<BenchmarkRunStatus> outcome;

    RunProgress(BenchmarkRun run, BenchmarkRunStatus status, KubernetesClient client) {
        this.status = status;
        this.outcome = new Outcome<>(run, status, status.conditions, client);
    }

    void pending(String reason, String message) {
        move(Phase.Pending, "Unknown", reason, message);
    }

    void running(String reason, String message) {
        move(Phase.Running, "Unknown", reason, message);
    }

    void fail(String reason, String message) {
        status.completionTime = Instant.now().toString();
        move(Phase.Failed, "False", reason, message);
    }

    /** Succeeded with the verdict and its figures, or the number of points a run without a verdict measured. */
    void succeed() {
        String message = status.verdict == null ? status.points.size() + " point(s) measured"
                : status.verdict + String.format(": measured %.0f msgs/s against %.0f predicted (%+.1f%%)",
                status.measuredCapacity, status.predictedCapacity, 100 * status.capacityError);
        succeed("Measured", message);
    }

    void succeed(String reason, String message) {
        status.completionTime = Instant.now().toString();
        move(Phase.Succeeded, "True", reason, message);
    }

    private void move(Phase phase, String value, String reason, String message) {
        status.phase = phase;
        outcome.set(SUCCEEDED, value, reason, message);
    }
}
