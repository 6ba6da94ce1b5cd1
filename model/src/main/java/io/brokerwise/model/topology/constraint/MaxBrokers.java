package io.brokerwise.model.topology.constraint;

import io.brokerwise.model.topology.BrokerLoad;

/** The brokers the platform can host: dedicated nodes times brokers per node, or the spec's own limit. */
public record MaxBrokers(int max) implements BoundedFigure {

    @Override
    public String reason() {
        return "MaxBrokers";
    }

    @Override
    public double figure(BrokerLoad load) {
        return load.brokers();
    }

    @Override
    public double bound() {
        return max;
    }

    @Override
    public String violation(BrokerLoad load) {
        return "needs " + load.brokers() + " brokers, at most " + max + " available";
    }

    /** The layouts the planner ranks all fit the limit; ranking them by size would favour small over lightly loaded. */
    @Override
    public boolean ranksLoad() {
        return false;
    }
}
