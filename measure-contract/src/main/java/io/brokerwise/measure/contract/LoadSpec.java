package io.brokerwise.measure.contract;

import java.time.Duration;

/**
 * The load of one measurement point: the publishers (saturated or Poisson at a rate, persistent or not), the
 * subscribers (by {@link SelectorDesign}), the message size and the phases. Where the brokers are comes
 * separately (the measure module's {@code Target}). Every loop is bounded by the phases' end and by
 * {@code maxMessagesPerPublisher}.
 *
 * @param publishers           publishers in all; a benchmark spread over several client processes splits them
 *                             (the measure module's {@code ClientSlice})
 * @param durableSubscriptions whether each subscriber holds a durable subscription (removed when the point ends):
 *                             a broker journals a persistent message only for durable subscriptions, so only then
 *                             does a persistent point measure a broker writing its journal
 */
public record LoadSpec(int publishers, Mode mode, double ratePerPublisher, boolean persistent,
                       boolean durableSubscriptions, SelectorDesign design, int messageBytes, Duration warmup,
                       Duration measure, Duration cooldown, long maxMessagesPerPublisher, long seed) {

    /** saturate: as fast as flow control allows; rate: Poisson arrivals at ratePerPublisher. */
    public enum Mode { saturate, rate }

    public LoadSpec {
        if (publishers < 1) {
            throw new IllegalArgumentException("need at least one publisher");
        }
        if (mode == Mode.rate && !(ratePerPublisher > 0)) {
            throw new IllegalArgumentException("rate mode needs a rate > 0 messages/s per publisher");
        }
        if (messageBytes < 0) {
            throw new IllegalArgumentException("a message cannot have fewer than 0 bytes");
        }
        if (warmup.isNegative() || cooldown.isNegative() || measure.isZero() || measure.isNegative()) {
            throw new IllegalArgumentException("the measurement phase must be longer than zero, the others not negative");
        }
        if (maxMessagesPerPublisher < 1) {
            throw new IllegalArgumentException("max messages per publisher must be positive");
        }
    }

    /** The same load with Poisson publishers at this rate each. */
    public LoadSpec poissonAt(double rate) {
        return new LoadSpec(publishers, Mode.rate, rate, persistent, durableSubscriptions, design, messageBytes, warmup,
                measure, cooldown, maxMessagesPerPublisher, seed);
    }

    /** The same load with another warm-up. */
    public LoadSpec warmingUpFor(Duration newWarmup) {
        return new LoadSpec(publishers, mode, ratePerPublisher, persistent, durableSubscriptions, design, messageBytes,
                newWarmup, measure, cooldown, maxMessagesPerPublisher, seed);
    }

    public Duration total() {
        return warmup.plus(measure).plus(cooldown);
    }
}
