package io.brokerwise.model.topology.constraint;

import io.brokerwise.model.topology.BrokerLoad;
import io.brokerwise.model.topology.Format;

/**
 * A bound on the predicted end-to-end quantile: the profile's latency floor plus the Gamma-approximated waiting
 * time (sec. 5.1.2) at the same level. As for {@link WaitingTime}, the check compares the waiting time's tail at
 * the bound less the floor with the level, without inverting the distribution; a bound at or below the floor
 * leaves no time to wait and holds only where messages wait with a probability below {@code 1 - quantile}.
 */
public record EndToEndLatency(double quantile, double maxSeconds) implements PlanConstraint {

    @Override
    public String reason() {
        return "EndToEndLatency";
    }

    @Override
    public boolean violatedBy(BrokerLoad load) {
        return !load.waitingQueue().stable()
                || load.waitingTime().ccdf(maxSeconds - load.latencyFloorSeconds()) > 1 - quantile;
    }

    @Override
    public String violation(BrokerLoad load) {
        return String.format("%s end-to-end quantile %s (latency floor %s plus waiting time %s) exceeds %s",
                Format.percent(quantile), Format.seconds(load.endToEndQuantile()),
                Format.seconds(load.latencyFloorSeconds()), Format.seconds(load.waitingQuantile()),
                Format.seconds(maxSeconds));
    }

    @Override
    public double excess(BrokerLoad load) {
        return load.endToEndQuantile() / maxSeconds;
    }

    /** Inverting the distribution for every layout ranked would cost more than the ranking saves. */
    @Override
    public boolean ranksLoad() {
        return false;
    }
}
