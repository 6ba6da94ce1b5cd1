package io.brokerwise.benchmarks.loadgen;

import java.time.Duration;

/**
 * One measurement: the brokers (layout, CPU quota each), the publishers (saturated or Poisson at a rate,
 * persistent or not), the subscribers (by {@link SelectorDesign}), and the phases. Every loop is bounded by
 * the phases' end and by {@code maxMessagesPerPublisher}.
 *
 * @param node what each broker runs on in place of a dedicated node
 */
record LoadSpec(int publisherGroups, int subscriberGroups, BrokerNode node, int publishers,
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

    /** The same measurement with Poisson publishers at this rate each. */
    LoadSpec poissonAt(double rate) {
        return new LoadSpec(publisherGroups, subscriberGroups, node, publishers, Mode.rate,
                rate, persistent, design, messageBytes, warmup, measure, cooldown, maxMessagesPerPublisher, seed);
    }

    /** The same measurement with another warm-up. */
    LoadSpec warmingUpFor(Duration newWarmup) {
        return new LoadSpec(publisherGroups, subscriberGroups, node, publishers, mode,
                ratePerPublisher, persistent, design, messageBytes, newWarmup, measure, cooldown,
                maxMessagesPerPublisher, seed);
    }

    int brokers() {
        return publisherGroups * subscriberGroups;
    }

    Duration total() {
        return warmup.plus(measure).plus(cooldown);
    }
}
