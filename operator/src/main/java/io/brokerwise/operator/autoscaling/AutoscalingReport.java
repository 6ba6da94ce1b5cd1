package io.brokerwise.operator.autoscaling;

import io.brokerwise.api.v1alpha1.AutoscalingStatus;
import io.brokerwise.api.v1alpha1.ObservedWorkloadStatus;
import io.brokerwise.api.v1alpha1.ScalingStatus;
import io.brokerwise.model.autoscaling.ObservedLoad;
import io.brokerwise.model.autoscaling.ScalingDecision;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.routing.ClientMoves;
import java.time.Duration;

/** One observation and the rules' decision on it as {@code status.autoscaling}. */
public final class AutoscalingReport {

    private AutoscalingReport() {
    }

    /**
     * The status after this decision. A proposed change starts the inhibition whether or not it is applied, so that
     * mode Recommend proposes at the pace mode Auto would change the layout, and a change it still wants within the
     * delay is held ({@code Inhibited}) rather than proposed anew. {@code applied}: the mode applied the change, so
     * it also becomes {@code lastScaling} and the layout held; otherwise those stay as they were.
     *
     * @param moves what moving to the decision's {@code to} moves, for the observed clients
     */
    public static AutoscalingStatus of(AutoscalingStatus previous, ObservedLoad observed, ScalingDecision decision,
                                       ClientMoves moves, boolean applied) {
        AutoscalingStatus status = new AutoscalingStatus();
        status.observed = observed(observed, decision);
        status.recommendation = change(decision, moves);
        boolean scaled = applied && decision.changes();
        status.lastScaling = scaled ? change(decision, moves) : previous == null ? null : previous.lastScaling;
        status.layout = scaled ? kByL(decision.to()) : previous == null ? null : previous.layout;
        status.inhibitedUntil = decision.changes() ? decision.inhibitedUntil().map(Object::toString).orElse(null)
                : previous == null ? null : previous.inhibitedUntil;
        status.retiring = previous == null ? null : previous.retiring;
        // the queues' own observation follows the topic's in the same pass (QueueAutoscaling), from these
        status.queues = previous == null ? null : previous.queues;
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

    private static ScalingStatus change(ScalingDecision d, ClientMoves moves) {
        ScalingStatus s = new ScalingStatus();
        s.publishersMoved = moves.publishers();
        s.subscriptionsMoved = moves.subscriptions();
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
    static String kByL(Layout layout) {
        return layout.dimensions();
    }
}
