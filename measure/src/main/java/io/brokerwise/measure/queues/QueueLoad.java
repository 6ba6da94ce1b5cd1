package io.brokerwise.measure.queues;

import java.time.Duration;

/**
 * A saturating load on one replicated queue: producers that send as fast as flow control lets them, consumers that
 * take as fast as they can, all placed by the client library's ElectQueue. Bounded by the phases' end and by
 * {@link #MAX_MESSAGES_PER_PRODUCER}.
 */
public record QueueLoad(int producers, int consumers, boolean persistent, int messageBytes, Duration warmup,
                        Duration measure, Duration cooldown) {

    /** A bound on every producer loop besides the phases' end; never reached by a run of minutes. */
    public static final long MAX_MESSAGES_PER_PRODUCER = 100_000_000;

    public QueueLoad {
        if (producers < 1 || consumers < 1) {
            throw new IllegalArgumentException("a queue load needs at least one producer and one consumer");
        }
        if (messageBytes < 0 || warmup.isNegative() || cooldown.isNegative() || measure.isZero() || measure.isNegative()) {
            throw new IllegalArgumentException("message size and phases must not be negative, the measurement "
                    + "longer than zero");
        }
    }
}
