package io.brokerwise.operator.layout;

import io.brokerwise.routing.RoutingMap;
import java.util.Optional;

/**
 * What a topology's dependents are given for one pass, gathered by the reconciler: the layout being applied, how
 * many of the brokers' pods are Ready, the routing map clients follow now, the broker pods to keep beyond both
 * (retiring brokers that still hold clients), and the replicated queues deployed beside the topic. The dependents
 * compute their desired state from it alone.
 */
public record Deployment(BrokerLayout layout, BrokerReadiness readiness, Optional<RoutingMap> routed, int retained,
                         QueueLayout queues) {

    /** How many brokers the routing map sends clients to; 0 without a map. */
    public int brokersInUse() {
        return brokersNamed(routed);
    }

    /**
     * The brokers a routing map routes the topic to: StatefulSet ordinals 0 up, the pods a shrink must keep until
     * the map no longer names them. Its queues' replicas are not counted here: the routes this pass publishes
     * ({@link QueueLayout#brokers()}) keep a retiring replica until it is empty, and count no longer one that has
     * emptied, so the pass that drops it from the map also lets its broker go.
     */
    public static int brokersNamed(Optional<RoutingMap> map) {
        return map.map(m -> m.brokers().size()).orElse(0);
    }

    /** Whether clients are routed to the layout being applied (all its brokers were Ready). */
    public boolean routedToLayout() {
        return routed.filter(m -> m.publisherGroups() == layout.layout().publisherGroups()
                && m.subscriberGroups() == layout.layout().subscriberGroups()).isPresent();
    }
}
