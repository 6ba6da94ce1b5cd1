package io.brokerwise.model.topology.constraint;

import io.brokerwise.model.topology.BrokerLoad;
import io.brokerwise.model.topology.Format;

/** A bound on a waiting-time quantile, by the Gamma-approximation (sec. 5.1.2). */
public record WaitingTime(double quantile, double maxSeconds) implements QuantileBound {

    @Override
    public String reason() {
        return "WaitingTime";
    }

    @Override
    public double figure(BrokerLoad load) {
        return load.waitingQuantile();
    }

    @Override
    public double maxWaitingSeconds(BrokerLoad load) {
        return maxSeconds;
    }

    @Override
    public String violation(BrokerLoad load) {
        return String.format("%s waiting-time quantile %s exceeds %s", Format.percent(quantile),
                Format.seconds(load.waitingQuantile()), Format.seconds(maxSeconds));
    }
}
