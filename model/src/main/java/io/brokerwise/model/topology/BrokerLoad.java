package io.brokerwise.model.topology;

import io.brokerwise.model.queue.GammaApproximation;
import io.brokerwise.model.queue.MG1Queue;

/**
 * The most loaded broker of a layout: ceil(n/k) publishers, ceil(m/l) subscribers, the M/GI/1 queue
 * they make, and the bits it receives and sends. What constraints read. The waiting-time distribution and its quantile are worked out on
 * first use, because the planner checks thousands of layouts and only the few it reports need the quantile.
 */
public final class BrokerLoad {

    private final Layout layout;
    private final long publishers;
    private final long subscribers;
    private final MG1Queue queue;
    private final double quantileLevel;
    private final double ingressBitsPerSecond;
    private final double egressBitsPerSecond;
    private final double networkBitsPerSecond;
    private GammaApproximation waitingTime;
    private double waitingQuantile = Double.NaN;

    BrokerLoad(Layout layout, long publishers, long subscribers, MG1Queue queue, double quantileLevel,
               double ingressBitsPerSecond, double egressBitsPerSecond, double networkBitsPerSecond) {
        this.layout = layout;
        this.publishers = publishers;
        this.subscribers = subscribers;
        this.queue = queue;
        this.quantileLevel = quantileLevel;
        this.ingressBitsPerSecond = ingressBitsPerSecond;
        this.egressBitsPerSecond = egressBitsPerSecond;
        this.networkBitsPerSecond = networkBitsPerSecond;
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

    /** Bits/s the broker receives: every message it is sent, once. */
    public double ingressBitsPerSecond() {
        return ingressBitsPerSecond;
    }

    /** Bits/s the broker sends: every copy it dispatches carries the whole message. */
    public double egressBitsPerSecond() {
        return egressBitsPerSecond;
    }

    /** The broker's share of its node's network capacity, bits/s per direction. */
    public double networkBitsPerSecond() {
        return networkBitsPerSecond;
    }

    /** The busier direction over the capacity: a full-duplex link carries ingress and egress apart. */
    public double networkUtilization() {
        return Math.max(ingressBitsPerSecond, egressBitsPerSecond) / networkBitsPerSecond;
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
