package io.brokerwise.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A client's report line carries bytes/s beside msgs/s, and the operator reads the line back. */
class SliceReportTest {

    @Test
    void bytesPerSecondGoBesideMessagesPerSecondAndTheLineReadsBack() throws Exception {
        LoadResult result = new LoadResult(Map.of("messageBytes", 4096), 0, 0, 10, 20_000, 60_000, 2000, 2000, 6000,
                20_000, 20_000, 60_000, 60_000, List.of(), true, Map.of("p99", 800.0), false, new double[] {0.99},
                0.3, 1, 3, true, List.of());
        assertEquals(2000 * 4096.0, result.publishedBytesPerSecond());
        assertEquals(6000 * 4096.0, result.dispatchedBytesPerSecond());
        String line = new SliceReport(0, List.of(result)).line();
        assertTrue(line.contains("\"publishedBytesPerSecond\":8192000.0"), line);
        assertTrue(line.contains("\"dispatchedBytesPerSecond\":2.4576E7"), line);
        LoadResult read = SliceReport.find("noise\n" + line + "\n").orElseThrow().points().get(0);
        assertEquals(result.publishedBytesPerSecond(), read.publishedBytesPerSecond());
    }
}
