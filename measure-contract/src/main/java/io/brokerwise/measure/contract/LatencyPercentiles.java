package io.brokerwise.measure.contract;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** End-to-end latency of a run's copies in the measurement window, microseconds. */
public record LatencyPercentiles(double p50, double p90, double p99, @JsonProperty("p99.9") double p999, double max,
                                 double mean) {

    /** A run that recorded no latency, such as a result put together by hand. */
    public static final LatencyPercentiles NONE = new LatencyPercentiles(Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, Double.NaN, Double.NaN);

    /**
     * Several client processes' latencies as one: each percentile the largest of theirs (an upper bound of the
     * pooled one: no more than 1 - p of any process's copies lie above it), the mean weighted by their copies.
     */
    static LatencyPercentiles worst(List<LoadResult> slices) {
        double weighted = 0;
        long copies = 0;
        for (LoadResult s : slices) {
            weighted += s.latencyMicros().mean() * s.deliveredInWindow();
            copies += s.deliveredInWindow();
        }
        return new LatencyPercentiles(max(slices, LatencyPercentiles::p50), max(slices, LatencyPercentiles::p90),
                max(slices, LatencyPercentiles::p99), max(slices, LatencyPercentiles::p999),
                max(slices, LatencyPercentiles::max), copies == 0 ? Double.NaN : weighted / copies);
    }

    private static double max(List<LoadResult> slices, java.util.function.ToDoubleFunction<LatencyPercentiles> f) {
        return slices.stream().mapToDouble(s -> f.applyAsDouble(s.latencyMicros())).max().orElse(Double.NaN);
    }
}
