package io.brokerwise.benchmarks.measurement;

/**
 * One {@code artemis perf client} run: the means of its per-second rates after its warm-up, and the broker's
 * share of its CPU limit over the measured seconds.
 *
 * @param report artemis perf's own JSON report, kept for a second look
 */
public record ArtemisPerfRun(double publishedPerSecond, double deliveredPerSecond, double brokerCpuUtilization,
                             String report) {
}
