package io.brokerwise.benchmarks.local;

import java.time.Duration;

/**
 * What a local broker gets in place of a dedicated node: a CFS quota of {@code cores} CPUs enforced over
 * {@code cpuPeriod}, optionally pinned to {@code cpus}, and a heap. A quota lets a broker run for
 * {@code cores x cpuPeriod} and then stops it for the rest of the period, which a node of its own never
 * does; a shorter period shortens those gaps.
 *
 * @param cores     CPU quota in cores; 0 runs the broker without a cgroup (results flagged)
 * @param cpuPeriod the CFS period the quota is enforced over
 * @param cpus      CPUs to pin to (a taskset list such as "1"), or null for any
 * @param heap      the broker JVM's heap, such as 512m
 * @param unthrottledWarmup how long a fresh broker's first warm-up runs without its quota ({@link UnthrottledWarmup});
 *                  zero for never
 */
public record BrokerNode(double cores, Duration cpuPeriod, String cpus, String heap, Duration unthrottledWarmup) {

    /** The kernel accepts CFS periods from 1 ms to 1 s; a quota of less than 1 ms it refuses. */
    public BrokerNode {
        if (cores < 0) {
            throw new IllegalArgumentException("--broker-cores must be 0 (no quota) or positive, got " + cores);
        }
        long periodMicros = micros(cpuPeriod);
        if (periodMicros < 1_000 || periodMicros > 1_000_000) {
            throw new IllegalArgumentException("--cpu-period must be between 1ms and 1000ms, got "
                    + cpuPeriod.toMillis() + "ms");
        }
        if (unthrottledWarmup.isNegative()) {
            throw new IllegalArgumentException("--unthrottled-warmup must not be negative, got " + unthrottledWarmup);
        }
        if (cores > 0 && cores * periodMicros < 1_000) {
            throw new IllegalArgumentException(String.format("--broker-cores %s over --cpu-period %dms is a quota "
                    + "under 1 ms, which the kernel refuses: lengthen the period", cores, cpuPeriod.toMillis()));
        }
    }

    long periodMicros() {
        return micros(cpuPeriod);
    }

    private static long micros(Duration d) {
        return d.toNanos() / 1000;
    }
}
