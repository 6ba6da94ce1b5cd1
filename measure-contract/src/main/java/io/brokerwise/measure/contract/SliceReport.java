package io.brokerwise.measure.contract;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * What one client process of a benchmark reports, as one line of its output ({@link #PREFIX} and JSON), so
 * whoever runs the benchmark can read it from the process's log: its slice and one result per point.
 */
public record SliceReport(int slice, List<LoadResult> points) {

    public static final String PREFIX = "brokerwise-result: ";

    public String line() throws IOException {
        return PREFIX + BenchmarkPlan.JSON.writeValueAsString(this);
    }

    /** The report in a process's output, if it printed one. */
    public static Optional<SliceReport> find(String log) throws IOException {
        String line = log.lines().filter(l -> l.startsWith(PREFIX)).reduce((a, b) -> b).orElse(null);
        return line == null ? Optional.empty()
                : Optional.of(BenchmarkPlan.JSON.readValue(line.substring(PREFIX.length()), SliceReport.class));
    }
}
