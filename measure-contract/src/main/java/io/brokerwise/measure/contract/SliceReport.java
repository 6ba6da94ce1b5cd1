package io.brokerwise.measure.contract;

import java.io.IOException;
import java.util.List;

/**
 * What one client process of a benchmark reports: its slice and one result per point. A benchmark Job's pod writes
 * it as JSON under its slice's {@link #key} into the run's results ConfigMap ({@link #CONFIG_MAP_ENV}), where the
 * operator reads it; every process also prints it as one line ({@link #PREFIX} and the JSON) for whoever reads its
 * output.
 */
public record SliceReport(int slice, List<LoadResult> points) {

    public static final String PREFIX = "brokerwise-result: ";
    /** The environment variable naming the ConfigMap a Job's pods write their reports into; unset by hand. */
    public static final String CONFIG_MAP_ENV = "BENCHMARK_RESULTS";

    /** The key of slice {@code slice}'s report in the results ConfigMap. */
    public static String key(int slice) {
        return "slice-" + slice + ".json";
    }

    public String json() throws IOException {
        return BenchmarkPlan.JSON.writeValueAsString(this);
    }

    public String line() throws IOException {
        return PREFIX + json();
    }

    public static SliceReport parse(String json) throws IOException {
        return BenchmarkPlan.JSON.readValue(json, SliceReport.class);
    }
}
