package io.brokerwise.broker.metrics;

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
 */
public record BrokerSample(long received, long dispatched, int producerConnections, int consumerConnections,
                           int subscriptions, double cpuSeconds, double cpuLimitCores, double heapUsedBytes) {

    /** The share of its CPU limit the broker used between {@code earlier} and this sample, {@code seconds} apart. */
    public double cpuUtilizationSince(BrokerSample earlier, double seconds) {
        return (cpuSeconds - earlier.cpuSeconds) / (seconds * cpuLimitCores);
    }
}
