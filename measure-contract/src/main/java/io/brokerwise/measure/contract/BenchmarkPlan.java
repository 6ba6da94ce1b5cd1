package io.brokerwise.measure.contract;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.util.List;

/**
 * What a benchmark's client processes run, one point after the other on a schedule fixed in advance: point i
 * starts at {@code startEpochMillis} plus the points before it, each followed by {@link #SETTLE_MILLIS} for
 * draining and reading the brokers. Every client process gets the same plan, so they share each window
 * without talking to each other.
 *
 * @param points      the loads, in order
 * @param clients     how many client processes split each load (the measure module's {@code ClientSlice})
 * @param metricsPort the port every broker serves its metrics on
 */
public record BenchmarkPlan(long startEpochMillis, List<LoadSpec> points, int clients, int metricsPort) {

    /** How long the subscribers may keep receiving after a point's cool-down. */
    public static final long DRAIN_MILLIS = 10_000;

    /** Drain plus time to read the brokers and set up the next point's subscribers. */
    public static final long SETTLE_MILLIS = DRAIN_MILLIS + 5_000;

    static final JsonMapper JSON = JsonMapper.builder().addModule(new JavaTimeModule())
            .enable(com.fasterxml.jackson.core.json.JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    public BenchmarkPlan {
        points = List.copyOf(points);
        if (points.isEmpty()) {
            throw new IllegalArgumentException("a benchmark plan needs at least one point");
        }
        if (clients < 1) {
            throw new IllegalArgumentException("a benchmark needs at least one client process");
        }
    }

    /** When point {@code i}'s warm-up starts, wall clock. */
    public long startOf(int i) {
        long start = startEpochMillis;
        for (int j = 0; j < i; j++) {
            start += points.get(j).total().toMillis() + SETTLE_MILLIS;
        }
        return start;
    }

    /** When the last point has settled: a run still going after this (plus start-up) has hung. */
    public long endEpochMillis() {
        return startOf(points.size());
    }

    public String toJson() throws IOException {
        return JSON.writeValueAsString(this);
    }

    public static BenchmarkPlan fromJson(String json) throws IOException {
        return JSON.readValue(json, BenchmarkPlan.class);
    }
}
