package io.brokerwise.measure;

import io.brokerwise.measure.contract.LoadSpec;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * One publisher thread: saturated (send as fast as flow control lets it) or Poisson at a rate (exponential
 * gaps from a seeded generator, each send stamped with the time it was scheduled for). It stops at the
 * end of the cool-down or after its message budget, whichever comes first.
 */
final class PublisherLoop implements Runnable {

    private final Sender sender;
    private final LoadSpec spec;
    private final Measurement clock;
    private final SplittableRandom random;
    private final Thread thread;
    private volatile Exception failure;

    PublisherLoop(Sender sender, LoadSpec spec, Measurement clock, long seed) {
        this.sender = sender;
        this.spec = spec;
        this.clock = clock;
        this.random = new SplittableRandom(seed);
        this.thread = new Thread(this, "publisher-" + seed);
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Waits for the loop to end (bounded: 30 s past its schedule) and rethrows what stopped it early. */
    void join() throws InterruptedException {
        thread.join(Math.max(1, (clock.end - Measurement.now()) / 1_000_000) + 30_000);
        if (failure != null) {
            throw new IllegalStateException("a publisher failed: " + failure, failure);
        }
    }

    @Override
    public void run() {
        try {
            waitUntil(clock.start);
            if (spec.mode() == LoadSpec.Mode.saturate) {
                saturate();
            } else {
                poisson();
            }
        } catch (Exception e) {
            failure = e;
        }
    }

    private void saturate() throws Exception {
        for (long n = 0; n < spec.maxMessagesPerPublisher(); n++) {
            long now = Measurement.now();
            if (now >= clock.end) {
                return;
            }
            sender.send(n, now);
            clock.countSent(now);
        }
    }

    private void poisson() throws Exception {
        double meanGapNanos = 1e9 / spec.ratePerPublisher();
        long intended = clock.start;
        for (long n = 0; n < spec.maxMessagesPerPublisher(); n++) {
            intended += (long) (-Math.log(1 - random.nextDouble()) * meanGapNanos);
            if (intended >= clock.end) {
                return;
            }
            waitUntil(intended);
            sender.send(n, intended);
            clock.countSent(intended);
        }
    }

    /** Parks for long gaps and spins the last 50 us, where parking is too coarse. */
    private static void waitUntil(long deadline) {
        for (long left = deadline - Measurement.now(); left > 0; left = deadline - Measurement.now()) {
            if (left > 100_000) {
                LockSupport.parkNanos(left - 50_000);
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
