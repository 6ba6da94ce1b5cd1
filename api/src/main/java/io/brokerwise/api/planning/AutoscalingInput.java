package io.brokerwise.api.planning;

import io.brokerwise.api.v1alpha1.AutoscalingSpec;
import io.brokerwise.api.v1alpha1.PubSubTopologySpec;
import io.brokerwise.model.Durations;
import io.brokerwise.model.autoscaling.ScalingPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code spec.autoscaling} as the model's {@link ScalingPolicy}, its defaults that depend on other fields filled
 * in, and the cross-field rules of the CRD repeated with their messages for manifests read offline.
 */
public final class AutoscalingInput {

    private AutoscalingInput() {
    }

    /** The policy of a spec whose schema defaults are filled in ({@link SpecValidator}) and that has autoscaling. */
    public static ScalingPolicy policy(PubSubTopologySpec spec) {
        AutoscalingSpec a = spec.autoscaling;
        double up = scaleUp(spec);
        double down = a.scaleDownUtilization != null ? a.scaleDownUtilization
                : ScalingPolicy.DEFAULT_SCALE_DOWN_SHARE * up;
        return new ScalingPolicy(a.minBrokers, a.maxBrokers == null ? Integer.MAX_VALUE : a.maxBrokers, up, down,
                Durations.parse(a.inhibitionDelay), a.declaredIsFloor);
    }

    /** The averaging window: how far apart the brokers' counters are read. */
    public static Duration window(AutoscalingSpec autoscaling) {
        return Durations.parse(autoscaling.window);
    }

    /** What the CRD's cross-field rules on autoscaling refuse, as "spec.autoscaling: message". */
    static List<String> problems(PubSubTopologySpec spec) {
        AutoscalingSpec a = spec.autoscaling;
        List<String> problems = new ArrayList<>();
        if (a == null) {
            return problems;
        }
        if (a.maxBrokers != null && a.minBrokers > a.maxBrokers) {
            problems.add("spec.autoscaling: " + AutoscalingSpec.MIN_ABOVE_MAX);
        }
        if (a.scaleDownUtilization != null && a.scaleDownUtilization >= scaleUp(spec)) {
            problems.add("spec.autoscaling: " + AutoscalingSpec.DOWN_NOT_BELOW_UP);
        }
        try {
            if (window(a).compareTo(Durations.parse(a.inhibitionDelay)) > 0) {
                problems.add("spec.autoscaling: " + AutoscalingSpec.WINDOW_OVER_DELAY);
            }
        } catch (IllegalArgumentException e) {
            // the pattern admits any number of digits, more than a Duration holds
            problems.add("spec.autoscaling: " + e.getMessage());
        }
        return problems;
    }

    private static double scaleUp(PubSubTopologySpec spec) {
        return spec.autoscaling.scaleUpUtilization != null ? spec.autoscaling.scaleUpUtilization
                : spec.objectives.maxUtilization;
    }
}
