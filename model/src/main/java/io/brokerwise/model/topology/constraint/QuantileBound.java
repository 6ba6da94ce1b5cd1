package io.brokerwise.model.topology.constraint;

import io.brokerwise.model.topology.BrokerLoad;

/**
 * A bound on a quantile of the Gamma-approximated waiting time (sec. 5.1.2) or of what includes it. The check
 * compares the waiting time's tail at the wait the bound leaves with the quantile's level, which needs no inversion
 * of the distribution; only the message and the excess need the quantile itself.
 */
interface QuantileBound extends PlanConstraint {

    double quantile();

    double maxSeconds();

    /** The quantile bounded, at {@link #quantile}: what the message and the excess need. */
    double figure(BrokerLoad load);

    /** The longest a message of this broker may wait and keep within the bound. */
    double maxWaitingSeconds(BrokerLoad load);

    @Override
    default boolean violatedBy(BrokerLoad load) {
        return !load.waitingQueue().stable() || load.waitingTime().ccdf(maxWaitingSeconds(load)) > 1 - quantile();
    }

    @Override
    default double excess(BrokerLoad load) {
        return figure(load) / maxSeconds();
    }

    /** Inverting the distribution for every layout ranked would cost more than the ranking saves. */
    @Override
    default boolean ranksLoad() {
        return false;
    }
}
