package io.brokerwise.model.topology;

import io.brokerwise.model.queue.GammaApproximation;
import io.brokerwise.model.queue.MG1Queue;

/**
 * The most loaded broker of a layout: ceil(n/k) publishers, ceil(m/l) subscribers, and the M/GI/1 queue
 * they make. What constraints read. The waiting-time distribution and its quantile are worked out on
 * first use, because the planner checks thousands of layouts and only the few it reports need the quantile.
 */
public final class BrokerLoad {

    private final Layout layout;
    private final long publishers;
    private final long subscribers;
    private final MG1Queue queue;
    private final double quantileLevel;
    private GammaApproximation waitingTime;
    private double waitingQuantile = Double.NaN;

    BrokerLoad(Layout layout, long publishers, long subscribers, MG1Queue queue, double quantileLevel) {
        this.layout = layout;
        this.publishers = publishers;
        this.subscribers = subscribers;
        this.queue = queue;
        this.quantileLevel = quantileLevel;
    }

    public Layout layout() {
        return layout;
    }

    public long brokers() {
        return layout.brokers();
    }

    public long publishers() {
        return publishers;
    }

    public long subscribers() {
        return subscribers;
    }

    public long connections() {
        return publishers + subscribers;
    }

    public MG1Queue queue() {
        return queue;
    }

    public double utilization() {
        return queue.utilization();
    }

    /** The Gamma-approximated waiting time; only for a stable queue. */
    public GammaApproximation waitingTime() {
        if (waitingTime == null) {
            waitingTime = GammaApproximation.of(queue);
        }
        return waitingTime;
    }

    /** E[W], infinite where the broker is overloaded. */
    public double waitingMean() {
        return queue.stable() ? waitingTime().mean() : Double.POSITIVE_INFINITY;
    }

    public double quantileLevel() {
        return quantileLevel;
    }

    /** The waiting-time quantile at {@link #quantileLevel}, infinite where the broker is overloaded. */
    public double waitingQuantile() {
        if (Double.isNaN(waitingQuantile)) {
            waitingQuantile = queue.stable() ? waitingTime().quantile(quantileLevel) : Double.POSITIVE_INFINITY;
        }
        return waitingQuantile;
    }
}
