package io.brokerwise.model.topology;

import io.brokerwise.model.queue.GammaApproximation;
import io.brokerwise.model.queue.MG1Queue;
import io.brokerwise.model.service.ServiceTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The most loaded broker of a layout: ceil(n/k) publishers and ceil(m/l) subscribers of each topic, the M/GI/1 queue
 * they make, each topic's share of it, and the bits it receives and sends. What constraints read. The waiting-time distribution and its quantile are worked out on
 * first use, because the planner checks thousands of layouts and only the few it reports need the quantile.
 *
 * <p>Two queues: {@link #queue} has the saturated service time, from which utilization and capacity come;
 * {@link #waitingQueue} has the service time under Poisson arrivals (the profile's factor, docs/models.md sec. 3),
 * in which messages wait. Without the factor they are the same queue.
 */
public final class BrokerLoad {

    private final Layout layout;
    private final long publishers;
    private final long subscribers;
    private final long queueClients;
    private final MG1Queue queue;
    private final MG1Queue waitingQueue;
    private final double quantileLevel;
    private final double latencyFloorSeconds;
    private final Recovery recovery;
    private final double ingressBitsPerSecond;
    private final double egressBitsPerSecond;
    private final double networkBitsPerSecond;
    private final Mix mix;
    private GammaApproximation waitingTime;
    private double waitingQuantile = Double.NaN;

    BrokerLoad(Layout layout, long publishers, long subscribers, long queueClients, MG1Queue queue,
               MG1Queue waitingQueue, double quantileLevel, double latencyFloorSeconds, Recovery recovery,
               double ingressBitsPerSecond, double egressBitsPerSecond, double networkBitsPerSecond, Mix mix) {
        this.layout = layout;
        this.publishers = publishers;
        this.subscribers = subscribers;
        this.queueClients = queueClients;
        this.queue = queue;
        this.waitingQueue = waitingQueue;
        this.quantileLevel = quantileLevel;
        this.latencyFloorSeconds = latencyFloorSeconds;
        this.recovery = recovery;
        this.ingressBitsPerSecond = ingressBitsPerSecond;
        this.egressBitsPerSecond = egressBitsPerSecond;
        this.networkBitsPerSecond = networkBitsPerSecond;
        this.mix = mix;
    }

    /** The subscriptions a broker holds and the profile's time to register one (0 where it has none). */
    record Recovery(long subscriptions, double registrationSeconds) {

        double seconds() {
            return subscriptions * registrationSeconds;
        }
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

    /** The topics' publishers and subscribers, and the queues' producers and consumers at their replicas. */
    public long connections() {
        return publishers + subscribers + queueClients;
    }

    /**
     * Each topic's arrivals at the broker and service time there, in the order of the layout's topics, then each
     * queue replica's: kept as
     * arrays, since the planner weighs thousands of layouts and reports the shares of a few.
     */
    record Mix(String[] names, double[] rates, ServiceTime[] times, int topics) {
    }

    Mix mix() {
        return mix;
    }

    /** Each destination's part of the broker's work: the layout's topics in order, then the queues' replicas. */
    public List<DestinationShare> shares() {
        List<DestinationShare> shares = new ArrayList<>(mix.names().length);
        for (int i = 0; i < mix.names().length; i++) {
            double rate = mix.rates()[i];
            double mean = mix.times()[i].mean();
            DestinationShare.Kind kind = i < mix.topics() ? DestinationShare.Kind.Topic : DestinationShare.Kind.Queue;
            shares.add(new DestinationShare(kind, mix.names()[i], rate, mean, rate * mean));
        }
        return shares;
    }

    /** The queue with the saturated service time: utilization and capacity. */
    public MG1Queue queue() {
        return queue;
    }

    /** The queue with the service time under Poisson arrivals, in which messages wait. */
    public MG1Queue waitingQueue() {
        return waitingQueue;
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

    /** The Gamma-approximated waiting time; only for a stable waiting queue. */
    public GammaApproximation waitingTime() {
        if (waitingTime == null) {
            waitingTime = GammaApproximation.of(waitingQueue);
        }
        return waitingTime;
    }

    /** E[W], infinite where the broker is overloaded. */
    public double waitingMean() {
        return waitingQueue.stable() ? waitingTime().mean() : Double.POSITIVE_INFINITY;
    }

    public double quantileLevel() {
        return quantileLevel;
    }

    /** The waiting-time quantile at {@link #quantileLevel}, infinite where the broker is overloaded. */
    public double waitingQuantile() {
        if (Double.isNaN(waitingQuantile)) {
            waitingQuantile = waitingQueue.stable() ? waitingTime().quantile(quantileLevel) : Double.POSITIVE_INFINITY;
        }
        return waitingQuantile;
    }

    /** The profile's latency floor: what a message that does not wait takes from send to delivery. */
    public double latencyFloorSeconds() {
        return latencyFloorSeconds;
    }

    /** The predicted end-to-end quantile at {@link #quantileLevel}: the floor plus the waiting-time quantile. */
    public double endToEndQuantile() {
        return latencyFloorSeconds + waitingQuantile();
    }

    /**
     * The subscriptions the broker holds: each of its subscribers registers one selector per filter, or one
     * subscription without a selector when it has no filters. After the broker restarts, its column's
     * subscribers register all of them again.
     */
    public long subscriptions() {
        return recovery.subscriptions();
    }

    /** Time to register {@link #subscriptions} one after another; 0 where the profile has no registration time. */
    public double recoverySeconds() {
        return recovery.seconds();
    }
}
