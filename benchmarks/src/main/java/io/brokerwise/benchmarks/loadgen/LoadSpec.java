package io.brokerwise.benchmarks.loadgen;

import java.time.Duration;

/**
 * One measurement: the brokers (layout, CPU quota each), the publishers (saturated or Poisson at a rate,
 * persistent or not), the subscribers (by {@link SelectorDesign}), and the phases. Every loop is bounded by
 * the phases' end and by {@code maxMessagesPerPublisher}.
 *
 * @param brokerCores CPU quota of each broker in cores; 0 runs brokers without a cgroup (results flagged)
 */
record LoadSpec(int publisherGroups, int subscriberGroups, double brokerCores, String brokerHeap, int publishers,
                Mode mode, double ratePerPublisher, boolean persistent, SelectorDesign design, int messageBytes,
                Duration warmup, Duration measure, Duration cooldown, long maxMessagesPerPublisher, long seed) {

    /** saturate: as fast as flow control allows; rate: Poisson arrivals at ratePerPublisher. */
    enum Mode { saturate, rate }

    LoadSpec {
        if (publishers < 1) {
            throw new IllegalArgumentException("need at least one publisher");
        }
        if (mode == Mode.rate && !(ratePerPublisher > 0)) {
            throw new IllegalArgumentException("rate mode needs --rate > 0 messages/s per publisher");
        }
        if (measure.isZero() || measure.isNegative()) {
            throw new IllegalArgumentException("the measurement phase must be longer than zero");
        }
        if (maxMessagesPerPublisher < 1) {
            throw new IllegalArgumentException("max messages per publisher must be positive");
        }
    }

    int brokers() {
        return publisherGroups * subscriberGroups;
    }

    Duration total() {
        return warmup.plus(measure).plus(cooldown);
    }
}
