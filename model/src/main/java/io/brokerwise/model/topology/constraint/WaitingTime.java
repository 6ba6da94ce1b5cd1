package io.brokerwise.model.topology.constraint;

import io.brokerwise.model.topology.BrokerLoad;
import io.brokerwise.model.topology.Format;

/**
 * A bound on a waiting-time quantile, by the Gamma-approximation (sec. 5.1.2). The check compares the
 * tail probability at the bound with the quantile's level, which needs no inversion of the distribution;
 * only the message and the excess need the quantile itself.
 */
public record WaitingTime(double quantile, double maxSeconds) implements PlanConstraint {

    @Override
    public String reason() {
        return "WaitingTime";
    }

    @Override
    public boolean violatedBy(BrokerLoad load) {
        return !load.waitingQueue().stable() || load.waitingTime().ccdf(maxSeconds) > 1 - quantile;
    }

    @Override
    public String violation(BrokerLoad load) {
        return String.format("%s waiting-time quantile %s exceeds %s", Format.percent(quantile),
                Format.seconds(load.waitingQuantile()), Format.seconds(maxSeconds));
    }

    @Override
    public double excess(BrokerLoad load) {
        return load.waitingQuantile() / maxSeconds;
    }

    /** Inverting the distribution for every layout ranked would cost more than the ranking saves. */
    @Override
    public boolean ranksLoad() {
        return false;
    }
}
