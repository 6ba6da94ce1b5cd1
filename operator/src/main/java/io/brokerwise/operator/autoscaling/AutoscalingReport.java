package io.brokerwise.operator.autoscaling;

import io.brokerwise.api.v1alpha1.AutoscalingStatus;
import io.brokerwise.api.v1alpha1.ObservedWorkloadStatus;
import io.brokerwise.api.v1alpha1.ScalingStatus;
import io.brokerwise.model.autoscaling.ObservedLoad;
import io.brokerwise.model.autoscaling.ScalingDecision;
import io.brokerwise.model.topology.Layout;
import java.time.Duration;

/** One observation and the rules' decision on it as {@code status.autoscaling}. */
public final class AutoscalingReport {

    private AutoscalingReport() {
    }

    /**
     * The status after this decision. {@code applied}: the decision changed the layout and the mode applies changes
     * (Auto), so it becomes {@code lastScaling} and starts the inhibition; otherwise those stay as they were, and a
     * proposed change is only the recommendation.
     */
    public static AutoscalingStatus of(AutoscalingStatus previous, ObservedLoad observed, ScalingDecision decision,
                                       boolean applied) {
        AutoscalingStatus status = new AutoscalingStatus();
        status.observed = observed(observed, decision);
        status.recommendation = change(decision);
        if (applied && decision.changes()) {
            status.lastScaling = change(decision);
            status.inhibitedUntil = decision.inhibitedUntil().map(Object::toString).orElse(null);
        } else if (previous != null) {
            status.lastScaling = previous.lastScaling;
            status.inhibitedUntil = previous.inhibitedUntil;
        }
        return status;
    }

    private static ObservedWorkloadStatus observed(ObservedLoad o, ScalingDecision d) {
        ObservedWorkloadStatus s = new ObservedWorkloadStatus();
        s.publishers = o.publishers();
        s.offeredRate = o.offeredRate();
        s.subscribers = o.subscribers();
        s.meanReplicationGrade = o.meanReplicationGrade();
        s.window = duration(o.window());
        s.time = o.at().toString();
        s.layout = kByL(d.from());
        s.predictedUtilization = d.current().utilization();
        s.measuredUtilization = Double.isNaN(o.busiestCpuUtilization()) ? null : o.busiestCpuUtilization();
        return s;
    }

    private static ScalingStatus change(ScalingDecision d) {
        ScalingStatus s = new ScalingStatus();
        s.from = kByL(d.from());
        s.to = kByL(d.to());
        s.reason = d.reason();
        s.message = d.message();
        s.time = d.at().toString();
        return s;
    }

    /** As spec.autoscaling writes durations: whole seconds where it is, else milliseconds. */
    private static String duration(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }

    /** "6x2", as the StatefulSet's layout annotation records a layout. */
    private static String kByL(Layout layout) {
        return layout.publisherGroups() + "x" + layout.subscriberGroups();
    }
}
