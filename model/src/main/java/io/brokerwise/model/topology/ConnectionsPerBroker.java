package io.brokerwise.model.topology;

/** The connections a broker accepts: its publishers plus its subscribers must stay within them. */
public record ConnectionsPerBroker(long max) implements PlanConstraint {

    @Override
    public String reason() {
        return "ConnectionsPerBroker";
    }

    @Override
    public boolean violatedBy(BrokerLoad load) {
        return load.connections() > max;
    }

    @Override
    public String violation(BrokerLoad load) {
        return load.connections() + " connections per broker exceed the limit of " + max;
    }

    @Override
    public double excess(BrokerLoad load) {
        return (double) load.connections() / max;
    }
}
