package io.brokerwise.broker.metrics;

import java.util.Map;

/**
 * One scrape of a broker's metrics endpoint: what a measurement compares before and after its window.
 *
 * @param received            messages routed on the topic so far
 * @param dispatched          copies routed into the topic's subscription queues so far
 * @param producerConnections connections with at least one producer
 * @param consumerConnections connections with at least one consumer
 * @param subscriptions       subscription queues on the topic
 * @param cpuSeconds          CPU time the broker's cgroup used so far (NaN where the kernel does not say)
 * @param cpuLimitCores       CPUs the broker's cgroup may use
 * @param heapUsedBytes       JVM heap in use
 * @param held                what the broker's journal holds for subscribers that may be away
 * @param diskStoreUsage      the share of the file store under the broker's data directories in use, 0 to 1
 *                            (Artemis's disk.store.usage; a broker with a journal: its volume); NaN if not served
 * @param queues              the replicas of queues the broker carries, by queue name (none: a topic alone)
 */
public record BrokerSample(long received, long dispatched, int producerConnections, int consumerConnections,
                           int subscriptions, double cpuSeconds, double cpuLimitCores, double heapUsedBytes,
                           Held held, double diskStoreUsage, Map<String, QueueReplica> queues) {

    public BrokerSample {
        queues = Map.copyOf(queues);
    }

    /**
     * One replica of a queue at the broker.
     *
     * @param producers    producers attached to the queue's address
     * @param consumers    consumers attached to the queue
     * @param depth        messages waiting in it
     * @param added        messages added to it so far
     * @param acknowledged messages consumed from it so far
     */
    public record QueueReplica(int producers, int consumers, long depth, long added, long acknowledged) {
    }

    /**
     * Messages waiting in the topic's durable subscriptions, and how many subscriptions hold them.
     *
     * @param messages      messages waiting
     * @param subscriptions durable subscriptions on the topic
     * @param holding       the messages each durable subscription that holds any holds, by its queue's name (a
     *                      broker of an earlier image names none)
     */
    public record Held(long messages, int subscriptions, Map<String, Long> holding) {
        public static final Held NOTHING = new Held(0, 0);

        public Held {
            holding = Map.copyOf(holding);
        }

        /** Without the subscriptions' names. */
        public Held(long messages, int subscriptions) {
            this(messages, subscriptions, Map.of());
        }
    }

    /** The share of its CPU limit the broker used between {@code earlier} and this sample, {@code seconds} apart. */
    public double cpuUtilizationSince(BrokerSample earlier, double seconds) {
        return (cpuSeconds - earlier.cpuSeconds) / (seconds * cpuLimitCores);
    }
}
