package io.brokerwise.model.topology.constraint;

import io.brokerwise.model.topology.BrokerLoad;
import io.brokerwise.model.topology.Format;

/**
 * A bound on a waiting-time quantile, by the Gamma-approximation (sec. 5.1.2): the objectives' bound, or one topic's
 * own. Every topic of a broker waits in the one queue the broker is (docs/models.md sec. 12), so each bound reads the
 * same waiting time, and a topic's tighter bound binds them all.
 *
 * @param topic the topic whose own bound it is; null for the objectives'
 */
public record WaitingTime(String topic, double quantile, double maxSeconds) implements QuantileBound {

    /** The objectives' bound. */
    public WaitingTime(double quantile, double maxSeconds) {
        this(null, quantile, maxSeconds);
    }

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
        return String.format("%s waiting-time quantile %s exceeds %s%s", Format.percent(quantile),
                Format.seconds(load.waitingQuantile()), topic == null ? "" : "topic " + topic + "'s bound ",
                Format.seconds(maxSeconds));
    }
}
