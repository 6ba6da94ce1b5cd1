package io.brokerwise.model.replicatedqueue;

import io.brokerwise.model.service.FilterSet;

/**
 * A JMS queue's load: N producers at a rate each, M consumers that take at most {@code ratePerConsumer} msgs/s each
 * ({@link #AS_FAST_AS_THEY_CAN} when only the broker bounds them), and each consumer's selector, when consumers
 * have one: its components, and how many of the consumers' selectors differ ({@code NaN}: all). Unlike a topic's
 * subscribers, consumers compete: every message goes to exactly one of them.
 *
 * @param selectorComponents terms of each consumer's selector; 0 when consumers have no selector
 */
public record QueueWorkload(String name, long producers, double ratePerProducer, long consumers, double ratePerConsumer,
                            int selectorComponents, double distinctSelectors, int messageSizeBytes) {

    /** The rate of a consumer that takes messages as fast as the broker hands them out. */
    public static final double AS_FAST_AS_THEY_CAN = Double.POSITIVE_INFINITY;

    public QueueWorkload {
        if (producers < 1 || consumers < 0) {
            throw new IllegalArgumentException("need at least one producer and no negative number of consumers");
        }
        if (!(ratePerProducer > 0) || Double.isInfinite(ratePerProducer)) {
            throw new IllegalArgumentException("rate per producer must be a finite number > 0, got " + ratePerProducer);
        }
        if (!(ratePerConsumer > 0)) {
            throw new IllegalArgumentException("rate per consumer must be > 0, got " + ratePerConsumer);
        }
        if (selectorComponents < 0 || messageSizeBytes < 1) {
            throw new IllegalArgumentException("selector components must be >= 0 and the message size at least 1 byte");
        }
    }

    /** Producers' messages per second, lambda. */
    public double offeredLoad() {
        return producers * ratePerProducer;
    }

    /** What all consumers take per second at most; infinite when they take as fast as they can. */
    public double consumerRate() {
        // 0 consumers take nothing, even at an unbounded rate each (0 x infinity is NaN)
        return consumers == 0 ? 0 : consumers * ratePerConsumer;
    }

    public boolean selective() {
        return selectorComponents > 0;
    }

    /**
     * The selectors a replica serving {@code replicaConsumers} consumers evaluates per message: every consumer's,
     * an upper bound, since the broker stops at the first consumer whose selector matches.
     */
    public FilterSet selectorsAt(long replicaConsumers) {
        double count = selective() ? replicaConsumers : 0;
        double distinct = Double.isNaN(distinctSelectors) ? count : Math.min(count, distinctSelectors);
        return new FilterSet(count, distinct, Math.max(1, selectorComponents));
    }
}
