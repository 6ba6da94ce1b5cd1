package io.brokerwise.model.topology;

/** The brokers the platform can host: dedicated nodes times brokers per node, or the spec's own limit. */
public record MaxBrokers(int max) implements PlanConstraint {

    @Override
    public String reason() {
        return "MaxBrokers";
    }

    @Override
    public boolean violatedBy(BrokerLoad load) {
        return load.brokers() > max;
    }

    @Override
    public String violation(BrokerLoad load) {
        return "needs " + load.brokers() + " brokers, at most " + max + " available";
    }

    @Override
    public double excess(BrokerLoad load) {
        return (double) load.brokers() / max;
    }

    /** The layouts the planner ranks all fit the limit; ranking them by size would favour small over lightly loaded. */
    @Override
    public boolean ranksLoad() {
        return false;
    }
}
