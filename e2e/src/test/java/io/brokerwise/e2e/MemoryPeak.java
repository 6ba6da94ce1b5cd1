package io.brokerwise.e2e;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/** The peak of a process's memory, sampled every second: its resident set and its container's cgroup, in bytes. */
final class MemoryPeak {

    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
    private final AtomicLong rss = new AtomicLong();
    private final AtomicLong cgroup = new AtomicLong();
    private final AtomicInteger samples = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();

    private MemoryPeak() {
    }

    /** Samples {@code memory}, which answers {resident set, cgroup usage}, until {@link #stop}. */
    static MemoryPeak start(Supplier<long[]> memory) {
        MemoryPeak peak = new MemoryPeak();
        peak.sampler.scheduleWithFixedDelay(() -> peak.sample(memory), 0, 1, TimeUnit.SECONDS);
        return peak;
    }

    private void sample(Supplier<long[]> memory) {
        samples.incrementAndGet();
        try {
            long[] m = memory.get();
            rss.accumulateAndGet(m[0], Math::max);
            cgroup.accumulateAndGet(m[1], Math::max);
        } catch (RuntimeException e) {
            failed.incrementAndGet();
            System.out.println("BENCH memory sample failed: " + e);
        }
    }

    void stop() {
        sampler.shutdownNow();
    }

    long rss() {
        return rss.get();
    }

    long cgroup() {
        return cgroup.get();
    }

    /** How many samples the peaks are of; with none succeeded, they mean nothing. */
    String samples() {
        return samples.get() - failed.get() > 0 ? samples.get() + " samples, " + failed.get() + " failed"
                : "NO SAMPLE SUCCEEDED: the peaks mean nothing";
    }
}
