package io.brokerwise.measure.contract;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run measured, written as JSON. Rates are over the measurement window (warm-up and cool-down
 * trimmed); totals cover the whole run and are what the brokers' own counters are compared with. A run over
 * several client processes gives one result per slice; {@link #combine} makes the benchmark's from them.
 *
 * @param spec                 the load and the layout, as measured
 * @param receivedPerSecond    messages one broker received per second (sent x copies / brokers): the
 *                             dissertation's received throughput, per broker of the busiest kind
 * @param dispatchedPerSecond  copies delivered to subscribers per second, all brokers together
 * @param brokerReported       per broker: what its metrics say it received and dispatched on the topic during
 *                             the run (slice 0 only; empty for the others)
 * @param latencyMicros        end-to-end latency percentiles in us
 * @param brokerCpuUtilization per broker: its share of its CPU limit during the window (slice 0 only)
 * @param matchingSubscribers  this result's subscribers that match every message
 */
public record LoadResult(MeasuredLoad spec, double loadAverageBefore, double loadAverageAfter,
                         double windowSeconds, long sentInWindow, long deliveredInWindow, double publishedPerSecond,
                         double receivedPerSecond, double dispatchedPerSecond, long sentTotal, long copiesSentTotal,
                         long deliveredTotal, long expectedDeliveriesTotal, List<BrokerCounts> brokerReported,
                         boolean countsMatchBrokers, LatencyPercentiles latencyMicros,
                         boolean latencyCorrectedForCoordinatedOmission, double[] brokerCpuUtilization,
                         double clientCpuUtilization, double clientCpuCores, int matchingSubscribers, boolean valid,
                         List<String> validityProblems) {

    /**
     * The benchmark's result from its slices' results: counts add up, the brokers' figures are slice 0's,
     * each latency percentile is the largest of the slices' (an upper bound of the pooled one: no more than
     * 1 - p of any slice's copies lie above it), the client CPU the busiest slice's.
     */
    public static LoadResult combine(List<LoadResult> slices) {
        LoadResult first = slices.get(0);
        if (slices.size() == 1) {
            return first;
        }
        long sentInWindow = sum(slices, LoadResult::sentInWindow);
        long deliveredInWindow = sum(slices, LoadResult::deliveredInWindow);
        long sent = sum(slices, LoadResult::sentTotal);
        long delivered = sum(slices, LoadResult::deliveredTotal);
        int copies = first.spec.copiesPerMessage();
        int brokers = first.spec.brokers();
        long expected = sent * slices.stream().mapToInt(LoadResult::matchingSubscribers).sum();
        Counts counts = Counts.check(sent * copies, delivered, expected, first.brokerReported);
        List<String> problems = new ArrayList<>(counts.problems());
        slices.forEach(s -> s.validityProblems.stream().filter(p -> !p.startsWith(Counts.PREFIX)).forEach(problems::add));
        double seconds = first.windowSeconds;
        return new LoadResult(first.spec, first.loadAverageBefore, slices.stream().mapToDouble(LoadResult::loadAverageAfter)
                .max().orElse(Double.NaN), seconds, sentInWindow, deliveredInWindow, sentInWindow / seconds,
                sentInWindow * (double) copies / brokers / seconds, deliveredInWindow / seconds, sent, sent * copies,
                delivered, expected, first.brokerReported, counts.match(), LatencyPercentiles.worst(slices),
                first.latencyCorrectedForCoordinatedOmission, first.brokerCpuUtilization,
                slices.stream().mapToDouble(LoadResult::clientCpuUtilization).max().orElse(Double.NaN),
                first.clientCpuCores, slices.stream().mapToInt(LoadResult::matchingSubscribers).sum(),
                problems.isEmpty(), List.copyOf(problems));
    }

    /**
     * Message bodies published per second, bytes: the published rate times the run's message size, which the
     * comparison of message sizes needs beside msgs/s.
     */
    @JsonProperty(value = "publishedBytesPerSecond", access = JsonProperty.Access.READ_ONLY)
    public double publishedBytesPerSecond() {
        return publishedPerSecond * spec.messageBytes();
    }

    /** Message bodies delivered to subscribers per second, bytes, all brokers together. */
    @JsonProperty(value = "dispatchedBytesPerSecond", access = JsonProperty.Access.READ_ONLY)
    public double dispatchedBytesPerSecond() {
        return dispatchedPerSecond * spec.messageBytes();
    }

    private static long sum(List<LoadResult> slices, java.util.function.ToLongFunction<LoadResult> f) {
        return slices.stream().mapToLong(f).sum();
    }
}
