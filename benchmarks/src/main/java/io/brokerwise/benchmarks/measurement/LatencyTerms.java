package io.brokerwise.benchmarks.measurement;

import io.brokerwise.measure.contract.LoadResult;

/**
 * A profile's latency floor and Poisson-arrivals factor (docs/models.md sec. 3), from three runs of one broker with
 * the same subscribers: saturated, Poisson at a low rate where nothing queues, and Poisson at a moderate load.
 *
 * @param latencyFloorSeconds         the low-rate run's end-to-end p99: what a message that does not wait takes
 * @param saturatedSecondsPerMessage  broker CPU seconds per received message, saturated: the measured E[B]
 * @param poissonSecondsPerMessage    the same at the moderate Poisson load
 * @param poissonServiceFactor        their ratio: how much more a message costs under Poisson arrivals
 */
public record LatencyTerms(double latencyFloorSeconds, double saturatedSecondsPerMessage,
                           double poissonSecondsPerMessage, double poissonServiceFactor, LoadResult saturated,
                           LoadResult lowRate, LoadResult poisson) {

    /** @param brokerCores the broker's CPU limit, which its utilization is a share of */
    public static LatencyTerms of(LoadResult saturated, LoadResult lowRate, LoadResult poisson, double brokerCores) {
        double s = cpuSecondsPerMessage(saturated, brokerCores);
        double p = cpuSecondsPerMessage(poisson, brokerCores);
        return new LatencyTerms(lowRate.latencyMicros().p99() / 1e6, s, p, p / s, saturated, lowRate, poisson);
    }

    /** CPU seconds the (one) broker spent per message it received in the window. */
    static double cpuSecondsPerMessage(LoadResult r, double brokerCores) {
        return r.brokerCpuUtilization()[0] * brokerCores / r.receivedPerSecond();
    }

    /** Whether every run kept the validity rule (a saturated broker, a load generator with CPU to spare). */
    public boolean valid() {
        return saturated.valid() && lowRate.valid() && poisson.valid();
    }
}
