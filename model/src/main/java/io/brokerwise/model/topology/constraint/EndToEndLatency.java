package io.brokerwise.model.topology.constraint;

import io.brokerwise.model.topology.BrokerLoad;
import io.brokerwise.model.topology.Format;

/**
 * A bound on the predicted end-to-end quantile: the profile's latency floor plus the Gamma-approximated waiting
 * time (sec. 5.1.2) at the same level. A message may wait the bound less the floor; a bound at or below the floor
 * leaves no time to wait and holds only where messages wait with a probability below {@code 1 - quantile}.
 */
public record EndToEndLatency(double quantile, double maxSeconds) implements QuantileBound {

    @Override
    public String reason() {
        return "EndToEndLatency";
    }

    @Override
    public double figure(BrokerLoad load) {
        return load.endToEndQuantile();
    }

    @Override
    public double maxWaitingSeconds(BrokerLoad load) {
        return maxSeconds - load.latencyFloorSeconds();
    }

    @Override
    public String violation(BrokerLoad load) {
        return String.format("%s end-to-end quantile %s (latency floor %s plus waiting time %s) exceeds %s",
                Format.percent(quantile), Format.seconds(load.endToEndQuantile()),
                Format.seconds(load.latencyFloorSeconds()), Format.seconds(load.waitingQuantile()),
                Format.seconds(maxSeconds));
    }
}
