package io.brokerwise.model.topology.constraint;

import io.brokerwise.model.topology.BrokerLoad;

/**
 * A constraint that keeps one figure of the most loaded broker at or below a bound: broken above it,
 * and as far from feasible as the figure over the bound.
 */
interface BoundedFigure extends PlanConstraint {

    double figure(BrokerLoad load);

    double bound();

    @Override
    default boolean violatedBy(BrokerLoad load) {
        return figure(load) > bound();
    }

    @Override
    default double excess(BrokerLoad load) {
        return figure(load) / bound();
    }
}
