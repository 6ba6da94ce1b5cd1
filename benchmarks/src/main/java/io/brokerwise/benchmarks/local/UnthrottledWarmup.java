package io.brokerwise.benchmarks.local;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;

/**
 * The first part of a fresh broker's first warm-up, run without its CPU quota. Under a quarter-core quota the
 * broker's JIT compiler shares the quota with the broker, and a fresh broker was still speeding up after 150 s of
 * warm-up; compiled without the quota it reached a higher rate under it within the same warm-up. The quota is back
 * at least {@link #MARGIN} before the warm-up ends, so every measurement window runs under it.
 */
final class UnthrottledWarmup implements AutoCloseable {

    /** The quota is back this long before the warm-up ends, at the latest. */
    static final Duration MARGIN = Duration.ofSeconds(10);

    private final List<CpuQuotaGroup> groups;
    private final Thread restorer;
    private boolean restored;

    private UnthrottledWarmup(List<CpuQuotaGroup> groups, Duration length) {
        this.groups = groups;
        this.restorer = new Thread(() -> {
            try {
                Thread.sleep(length.toMillis());
                restore();
            } catch (InterruptedException e) {
                // closed first: close() restores
            }
        }, "loadgen-unthrottled-warmup");
        restorer.setDaemon(true);
    }

    /**
     * Lifts the groups' quotas now and sets them again {@code length} later.
     *
     * @throws IllegalArgumentException when the quota would not be back {@link #MARGIN} before {@code warmup} ends
     */
    static UnthrottledWarmup start(List<CpuQuotaGroup> groups, Duration length, Duration warmup, PrintStream progress)
            throws IOException {
        if (length.plus(MARGIN).compareTo(warmup) > 0) {
            throw new IllegalArgumentException(String.format("--unthrottled-warmup %ds must end %ds before the first "
                    + "warm-up (%ds) does: lengthen that warm-up or shorten the unthrottled part", length.toSeconds(),
                    MARGIN.toSeconds(), warmup.toSeconds()));
        }
        UnthrottledWarmup w = new UnthrottledWarmup(groups, length);
        for (CpuQuotaGroup g : groups) {
            g.lift();
        }
        progress.printf("loadgen: the first %d s of this warm-up without the CPU quota%n", length.toSeconds());
        w.restorer.start();
        return w;
    }

    private synchronized void restore() {
        if (restored) {
            return;
        }
        try {
            for (CpuQuotaGroup g : groups) {
                g.restore();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not set a broker's CPU quota again", e);
        }
        restored = true;
    }

    /** Sets the quotas again now, if the warm-up ended early. */
    @Override
    public void close() throws InterruptedException {
        restorer.interrupt();
        restorer.join();
        restore();
    }
}
