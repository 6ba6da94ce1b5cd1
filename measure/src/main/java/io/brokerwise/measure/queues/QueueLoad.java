package io.brokerwise.measure.queues;

import java.time.Duration;

/**
 * A saturating load on one replicated queue: producers that send as fast as flow control lets them, consumers that
 * take as fast as they can, placed as {@link Placement} says. Bounded by the phases' end and by
 * {@link #MAX_MESSAGES_PER_PRODUCER}.
 */
public record QueueLoad(int producers, int consumers, boolean persistent, int messageBytes, Duration warmup,
                        Duration measure, Duration cooldown, Placement placement, int consumerWindowBytes) {

    /** {@link #consumerWindowBytes} for Artemis's default window (1 MiB). */
    public static final int DEFAULT_WINDOW = -1;

    /** Who attaches each producer and consumer to a replica. */
    public enum Placement {
        /** The client library's ElectQueue, against the routing map's counts; each consumer relieves the others. */
        ELECT_QUEUE,
        /** ElectQueue, each consumer reading its own replica alone (no relief). */
        ELECT_QUEUE_HOME_ONLY,
        /**
         * Artemis's own client, for comparison: one connection factory over every broker, whose connections go to
         * the brokers in turn from a random first one (its default round-robin connection load balancing).
         */
        ARTEMIS_ROUND_ROBIN
    }

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
