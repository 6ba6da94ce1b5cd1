package io.brokerwise.benchmarks.loadgen;

import java.util.List;
import java.util.Map;

/**
 * What a run measured, written as JSON. Rates are over the measurement window (warm-up and cool-down
 * trimmed); totals cover the whole run and are what the brokers' own counters are compared with.
 *
 * @param receivedPerSecond   messages the brokers received per second, per broker of the busiest kind
 *                            (sent x copies / brokers): the dissertation's received throughput
 * @param dispatchedPerSecond copies delivered to subscribers per second, all brokers together
 * @param brokerReported      per broker: what it says it received and dispatched on the topic
 * @param latencyMicros       end-to-end latency percentiles (p50, p90, p99, p99.9, max, mean) in us
 */
record LoadResult(Map<String, Object> spec, double loadAverageBefore, double loadAverageAfter, double windowSeconds,
                  long sentInWindow, long deliveredInWindow, double publishedPerSecond, double receivedPerSecond,
                  double dispatchedPerSecond, long sentTotal, long copiesSentTotal, long deliveredTotal,
                  long expectedDeliveriesTotal, List<Map<String, Long>> brokerReported, boolean countsMatchBrokers,
                  Map<String, Double> latencyMicros, boolean latencyCorrectedForCoordinatedOmission,
                  double[] brokerCpuUtilization, double clientCpuUtilization, double clientCpuCores,
                  boolean valid, List<String> validityProblems) {
}
