package io.brokerwise.operator.topology;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BenchmarkRunStatus;
import io.brokerwise.api.v1alpha1.IntervalStatus;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.VerificationStatus;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.api.v1alpha1.PubSubTopologyStatus;
import io.brokerwise.operator.Outcome;
import io.brokerwise.operator.dependent.VerificationRun;
import io.brokerwise.operator.layout.Conditions;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import java.util.Optional;

/**
 * The Verified condition and {@code status.verification}, from the check of the layout being applied: Unknown
 * while it waits or measures, True when the 95% interval of its repeated runs' capacity lies within the tolerance of
 * the predicted one, Unknown (Inconclusive) when the interval straddles a bound, False (with the figures or the
 * reason) otherwise. Without {@code spec.verification.onDeploy} there is no condition.
 */
final class VerificationReport {

    static final String VERIFIED = "Verified";

    private VerificationReport() {
    }

    static void report(Outcome<PubSubTopologyStatus> outcome, PubSubTopology topology, Layout layout,
                       Context<PubSubTopology> context) {
        if (topology.getSpec().verification == null || !Boolean.TRUE.equals(topology.getSpec().verification.onDeploy)) {
            outcome.remove(VERIFIED);
            return;
        }
        String name = VerificationRun.name(topology, layout);
        Optional<BenchmarkRun> run = context.getSecondaryResourcesAsStream(BenchmarkRun.class)
                .filter(r -> name.equals(r.getMetadata().getName())).findFirst();
        var status = run.map(BenchmarkRun::getStatus);
        if (status.isEmpty() || status.get().phase == null || !status.get().finished()) {
            outcome.set(VERIFIED, "Unknown", "Measuring", run.isEmpty()
                    ? "layout " + layout + " is checked once clients are routed to all its brokers"
                    : "BenchmarkRun " + name + " is measuring layout " + layout);
            return;
        }
        var s = status.get();
        if (s.phase == BenchmarkRunStatus.Phase.Failed) {
            String why = Conditions.find(s.conditions, "Succeeded").map(c -> c.getReason() + ": " + c.getMessage())
                    .orElse("no reason given");
            outcome.set(VERIFIED, "False", "VerificationFailed", "BenchmarkRun " + name + " failed: " + why);
            return;
        }
        VerificationStatus v = new VerificationStatus();
        v.run = name;
        v.layout = layout.dimensions();
        v.measuredCapacity = s.measuredCapacity;
        v.measuredCapacityInterval = s.measuredCapacityInterval;
        v.predictedCapacity = s.predictedCapacity;
        v.error = s.capacityError;
        v.verdict = s.verdict;
        v.verdictMessage = s.verdictMessage;
        v.time = s.completionTime;
        outcome.status.verification = v;
        outcome.set(VERIFIED, conditionStatus(s.verdict), s.verdict, message(s,
                topology.getSpec().verification.tolerance) + ", layout " + v.layout + " (BenchmarkRun " + name + ")");
    }

    /** An inconclusive check neither verifies the layout nor refutes it. */
    private static String conditionStatus(String verdict) {
        return switch (verdict) {
            case "WithinTolerance" -> "True";
            case "Inconclusive" -> "Unknown";
            default -> "False";
        };
    }

    /** "measured 900 msgs/s (95% interval 850 to 950, 3 runs) against 1000 predicted (-10.0%), tolerance 20%: ...". */
    static String message(BenchmarkRunStatus s, double tolerance) {
        IntervalStatus i = s.measuredCapacityInterval;
        String interval = i == null ? "" : String.format(" (%.0f%% interval %.0f to %.0f, %d runs)", 100 * i.confidence,
                i.lower, i.upper, i.runs);
        return String.format("measured %.0f msgs/s%s against %.0f predicted (%+.1f%%), tolerance %.0f%%%s",
                s.measuredCapacity, interval, s.predictedCapacity, 100 * s.capacityError, 100 * tolerance,
                s.verdictMessage == null ? "" : ": " + s.verdictMessage);
    }
}
