package io.brokerwise.model.topology;

import io.brokerwise.model.service.ServiceTime;
import io.brokerwise.model.topology.constraint.PlanConstraint;
import java.util.List;

/**
 * What a layout predicts for its most loaded broker and for the system (docs/models.md sec. 7). {@code
 * serviceTime} is the saturated one, which utilization and capacity come from, {@code waitingServiceTime} the one
 * under Poisson arrivals, which messages wait behind (the same without the profile's factor). Waiting
 * times are infinite where the broker is overloaded; the end-to-end quantile is the profile's latency floor
 * plus the waiting-time quantile; the recovery time is what the broker's subscriptions take to register again
 * after it restarts (0 where the profile has no registration time). Network figures are bits/s: the broker's ingress
 * and egress, its share of the node's capacity per direction, and what each publisher sends (one copy
 * to each of the l brokers of its row). {@code violated} is null for a feasible layout. {@code shares} is each
 * topic's part of the most loaded broker's utilization, in the order of the layout's topics (one, for one topic).
 */
public record LayoutEvaluation(
        Layout layout,
        long publishersPerBroker,
        long subscribersPerBroker,
        double filtersPerBroker,
        double offeredLoad,
        double brokerArrivalRate,
        double capacity,
        double utilization,
        ServiceTime serviceTime,
        ServiceTime waitingServiceTime,
        double waitingMean,
        double waitingQuantileLevel,
        double waitingQuantile,
        double latencyFloorSeconds,
        double endToEndQuantile,
        long connectionsPerBroker,
        long subscriptionsPerBroker,
        double recoverySeconds,
        double networkCopiesPerMessage,
        double ingressBitsPerSecond,
        double egressBitsPerSecond,
        double networkBitsPerSecond,
        double networkUtilization,
        double publisherEgressBitsPerSecond,
        PlanConstraint violated,
        String violation,
        List<DestinationShare> shares) {

    public boolean feasible() {
        return violated == null;
    }

    public long brokers() {
        return layout.brokers();
    }
}
