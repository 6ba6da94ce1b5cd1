package io.brokerwise.operator.autoscaling;

import io.brokerwise.api.planning.AutoscalingInput;
import io.brokerwise.api.v1alpha1.AutoscalingSpec;
import io.brokerwise.api.v1alpha1.AutoscalingStatus;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologyStatus;
import io.brokerwise.model.topology.Layout;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What autoscaling decides about the layout the reconciler deploys. In mode Auto the layout autoscaling applied
 * takes the place of the plan of {@code spec.workload} until the spec changes. With autoscaling on, a change of
 * layout the user did not ask for (a re-plan after a change of nodes or of the profile) also goes through the
 * inhibition (Taton et al., sec. 5.1): it waits for the last change's delay to end, and starts one of its own, so that
 * no two changes come within {@code inhibitionDelay} and what is measured next is the new layout's load.
 */
public final class AutoscaledLayout {

    private AutoscaledLayout() {
    }

    /** The layout mode Auto applied and holds, if any. */
    public static Optional<Layout> held(PubSubTopology topology, PubSubTopologyStatus status) {
        return auto(topology)
                ? Optional.ofNullable(status.autoscaling).map(a -> a.layout).map(Layout::parse)
                : Optional.empty();
    }

    /** Mode Auto holds {@code layout} from now on, as if it had applied it: what ran when the status was lost. */
    public static void hold(PubSubTopologyStatus status, Layout layout) {
        if (status.autoscaling == null) {
            status.autoscaling = new AutoscalingStatus();
        }
        status.autoscaling.layout = layout.dimensions();
    }

    /** The replicas mode Auto applied and holds for each queue, by name; none in another mode. */
    public static Map<String, Integer> heldQueues(PubSubTopology topology, PubSubTopologyStatus status) {
        if (!auto(topology) || status.autoscaling == null || status.autoscaling.queues == null) {
            return Map.of();
        }
        return status.autoscaling.queues.stream().filter(q -> q.replicas != null)
                .collect(Collectors.toMap(q -> q.name, q -> q.replicas, (a, b) -> b));
    }

    /** The user changed the spec: its plan applies at once, in place of any layout or replicas autoscaling held. */
    public static void release(PubSubTopologyStatus status) {
        if (status.autoscaling != null) {
            status.autoscaling.layout = null;
            if (status.autoscaling.queues != null) {
                status.autoscaling.queues.forEach(q -> q.replicas = null);
            }
        }
    }

    /** When a re-plan the user did not ask for may apply: the end of the last change's inhibition, if still on. */
    public static Optional<Instant> inhibitedUntil(PubSubTopology topology, PubSubTopologyStatus status, Instant now) {
        if (mode(topology) == AutoscalingSpec.Mode.Off || status.autoscaling == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(status.autoscaling.inhibitedUntil).map(Instant::parse).filter(now::isBefore);
    }

    /** A re-plan the user did not ask for is applied: no further change for the delay. */
    public static void inhibit(PubSubTopology topology, PubSubTopologyStatus status, Instant now) {
        if (mode(topology) == AutoscalingSpec.Mode.Off) {
            return;
        }
        if (status.autoscaling == null) {
            status.autoscaling = new AutoscalingStatus();
        }
        status.autoscaling.inhibitedUntil = now.plus(AutoscalingInput.policy(topology.getSpec()).inhibitionDelay())
                .toString();
    }

    /** Whether autoscaling applies the layouts it calls for (mode Auto). */
    public static boolean auto(PubSubTopology topology) {
        return mode(topology) == AutoscalingSpec.Mode.Auto;
    }

    /** Whether autoscaling reads the brokers at all (mode Recommend or Auto): only then do changes inhibit. */
    public static boolean on(PubSubTopology topology) {
        return mode(topology) != AutoscalingSpec.Mode.Off;
    }

    private static AutoscalingSpec.Mode mode(PubSubTopology topology) {
        AutoscalingSpec spec = topology.getSpec().autoscaling;
        return spec == null || spec.mode == null ? AutoscalingSpec.Mode.Off : spec.mode;
    }
}
