package io.brokerwise.benchmarks.local;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * The start that loads measured together share ({@link LocalFleet#measureTogether}): each waits until every load
 * has subscribed, and all then begin their warm-up a second later, on the same wall-clock instant.
 */
final class CommonStart {

    private static final long LEAD_NANOS = 1_000_000_000L;

    private final CyclicBarrier subscribed;
    private volatile long startEpochNanos;

    CommonStart(int loads) {
        subscribed = new CyclicBarrier(loads,
                () -> startEpochNanos = System.currentTimeMillis() * 1_000_000L + LEAD_NANOS);
    }

    /** Waits for every load's subscribers, then gives the common start. */
    long await() {
        try {
            subscribed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the other loads subscribed", e);
        } catch (BrokenBarrierException e) {
            throw new IllegalStateException("another load measured together failed before it had subscribed", e);
        }
        return startEpochNanos;
    }

    /** A load that will never subscribe: the others waiting for it stop. */
    void abandon() {
        subscribed.reset();
    }
}
