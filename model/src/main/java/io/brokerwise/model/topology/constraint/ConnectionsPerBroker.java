package io.brokerwise.model.topology.constraint;

import io.brokerwise.model.topology.BrokerLoad;

/** The connections a broker accepts: its publishers plus its subscribers must stay within them. */
public record ConnectionsPerBroker(long max) implements BoundedFigure {

    @Override
    public String reason() {
        return "ConnectionsPerBroker";
    }

    @Override
    public double figure(BrokerLoad load) {
        return load.connections();
    }

    @Override
    public double bound() {
        return max;
    }

    @Override
    public String violation(BrokerLoad load) {
        return load.connections() + " connections per broker exceed the limit of " + max;
    }
}
