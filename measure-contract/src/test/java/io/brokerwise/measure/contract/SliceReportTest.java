package io.brokerwise.measure.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A client's report carries bytes/s beside msgs/s, and the operator reads its JSON back: the load as measured,
 * each broker's counts and the latency percentiles under the names result files have always had.
 */
class SliceReportTest {

    @Test
    void bytesPerSecondGoBesideMessagesPerSecondAndTheJsonReadsBack() throws Exception {
        MeasuredLoad load = new MeasuredLoad("1x3", 3, 3, "0/1", 4, LoadSpec.Mode.saturate, null, "NonPersistent", false, 3,
                0, SelectorDesign.Kind.property, SelectorDesign.Shape.simple, 1, 4096, 5, 10, 1);
        LoadResult result = new LoadResult(load, 0, 0, 10, 20_000, 60_000, 2000, 2000, 6000, 20_000, 20_000, 60_000,
                60_000, List.of(new BrokerCounts(20_000, 20_000)), true, new LatencyPercentiles(300, 500, 800, 950,
                1200, 350), false, new double[] {0.99}, 0.3, 1, 3, true, List.of());
        assertEquals(2000 * 4096.0, result.publishedBytesPerSecond());
        assertEquals(6000 * 4096.0, result.dispatchedBytesPerSecond());
        SliceReport report = new SliceReport(0, List.of(result));
        String line = report.line();
        assertEquals(SliceReport.PREFIX + report.json(), line);
        assertTrue(line.contains("\"publishedBytesPerSecond\":8192000.0"), line);
        assertTrue(line.contains("\"dispatchedBytesPerSecond\":2.4576E7"), line);
        assertTrue(line.contains("\"brokerReported\":[{\"received\":20000,\"dispatched\":20000}]"), line);
        assertTrue(line.contains("\"p99\":800.0,\"p99.9\":950.0"), line);
        assertTrue(line.contains("\"mode\":\"saturate\",\"deliveryMode\":\"NonPersistent\""),
                "no rate when saturated: " + line);
        LoadResult read = SliceReport.parse(report.json()).points().get(0);
        assertEquals(result.publishedBytesPerSecond(), read.publishedBytesPerSecond());
        assertEquals(result.spec(), read.spec());
        assertEquals(result.brokerReported(), read.brokerReported());
        assertEquals(result.latencyMicros(), read.latencyMicros());
    }
}
