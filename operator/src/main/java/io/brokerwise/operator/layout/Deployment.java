package io.brokerwise.operator.layout;

import io.brokerwise.routing.RoutingMap;
import java.util.Optional;

/**
 * What a topology's dependents are given for one pass, gathered by the reconciler: the layout being applied, how
 * many of the brokers' pods are Ready, the routing map clients follow now, the broker pods to keep beyond both
 * (retiring brokers that still hold clients), the replicated queues deployed beside the topic, and the step of a
 * rollout in progress, if any. The dependents
 * compute their desired state from it alone.
 */
public record Deployment(BrokerLayout layout, BrokerReadiness readiness, Optional<RoutingMap> routed, int retained,
                         QueueLayout queues, RolloutStep rollout) {

    /** How many brokers the routing map sends clients to; 0 without a map. */
    public int brokersInUse() {
        return brokersNamed(routed);
    }

    /**
     * The pods a routing map needs: StatefulSet ordinals 0 up to the highest it names, which a shrink must keep until
     * the map no longer names them. A rollout in progress names one ordinal beyond the layout's brokers, and leaves a
     * gap below it where an old broker went. Its queues' replicas are not counted here: the routes this pass publishes
     * ({@link QueueLayout#brokers()}) keep a retiring replica until it is empty, and count no longer one that has
     * emptied, so the pass that drops it from the map also lets its broker go.
     */
    public static int brokersNamed(Optional<RoutingMap> map) {
        return map.map(m -> m.brokers().stream().mapToInt(Names::ordinal).max().orElse(-1) + 1).orElse(0);
    }

    /** Whether clients are routed to the layout being applied (all its brokers were Ready). */
    public boolean routedToLayout() {
        return routed.filter(m -> m.publisherGroups() == layout.layout().publisherGroups()
                && m.subscriberGroups() == layout.layout().subscriberGroups()).isPresent();
    }
}
