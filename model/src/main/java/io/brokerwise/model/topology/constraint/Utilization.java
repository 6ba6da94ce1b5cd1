package io.brokerwise.model.topology.constraint;

import io.brokerwise.model.topology.BrokerLoad;

/** The utilization cap rho of eq. 5.31: the most loaded broker's CPU stays at or below it. */
public record Utilization(double cap) implements BoundedFigure {

    @Override
    public String reason() {
        return "Utilization";
    }

    @Override
    public double figure(BrokerLoad load) {
        return load.utilization();
    }

    @Override
    public double bound() {
        return cap;
    }

    @Override
    public String violation(BrokerLoad load) {
        return String.format("utilization %.3f exceeds the cap %.3f", load.utilization(), cap);
    }
}
