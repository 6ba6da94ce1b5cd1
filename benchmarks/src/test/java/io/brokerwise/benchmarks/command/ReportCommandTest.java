package io.brokerwise.benchmarks.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.benchmarks.calibration.ProfileManifest;
import io.brokerwise.benchmarks.calibration.ProfileOrigin;
import io.brokerwise.measure.contract.CalibrationFit;
import io.brokerwise.model.fit.ProfileFit;
import io.brokerwise.model.service.LinearModel;
import io.brokerwise.model.service.ProfileParameters;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The report draws measured points and the fitted model from the files calibrate and run write. */
class ReportCommandTest {

    @TempDir
    Path dir;

    @Test
    void calibrationAndRunsBecomeOneHtmlPageWithCharts() throws Exception {
        Files.writeString(dir.resolve("a.points.json"), """
                {"name": "a", "command": "brokerwise-bench calibrate --name a", "tookSeconds": 60,
                 "loadAverageBefore": 0.2, "points": [
                  {"r": 1, "mAdd": 5, "receivedPerSecond": 80000, "valid": true, "heldOut": false,
                   "result": {"validityProblems": []}},
                  {"r": 1, "mAdd": 10, "receivedPerSecond": 60000, "valid": true, "heldOut": true,
                   "result": {"validityProblems": []}},
                  {"r": 2, "mAdd": 5, "receivedPerSecond": 50000, "valid": false, "heldOut": false,
                   "result": {"validityProblems": ["broker 0 used 80% of its CPU <"]}}]}
                """);
        Files.writeString(dir.resolve("a.yaml"), ProfileManifest.yaml("a", new CalibrationFit(new LinearModel(), null,
                new ProfileFit(ProfileParameters.of(5e-6, 6e-8, 4e-6), 0.99, new double[] {0.01, 0.02}), null, 2, 0, 1),
                origin("a")));
        Files.writeString(dir.resolve("run.json"), """
                {"spec": {"layout": "1x1", "mode": "rate"}, "publishedPerSecond": 1000, "receivedPerSecond": 1000,
                 "dispatchedPerSecond": 2000, "latencyMicros": {"p50": 100, "p99": 900},
                 "brokerCpuUtilization": [0.5], "clientCpuUtilization": 0.1, "countsMatchBrokers": true, "valid": true}
                """);
        Path out = dir.resolve("report.html");
        assertEquals(0, new CommandLine(new ReportCommand()).execute("--out", out.toString(),
                dir.resolve("a.points.json").toString(), dir.resolve("run.json").toString()));
        String html = Files.readString(out);
        assertTrue(html.contains("<svg"), "a chart");
        assertTrue(html.contains(">r = 2<") && html.contains(">fit, r = 1<"), "measured and fitted series");
        assertTrue(html.contains("used 80% of its CPU &lt;"), "problems shown, escaped");
        assertTrue(html.contains("<td>1x1</td>"), "the run's row");
    }

    /** A size series charts rate against size with the fit's per-byte times; runs of several sizes chart latency. */
    @Test
    void sizeSeriesAndRunsOfSeveralSizesGetChartsAgainstMessageSize() throws Exception {
        StringBuilder points = new StringBuilder();
        for (int bytes : new int[] {128, 65536}) {
            for (int r : new int[] {1, 5}) {
                points.append(points.isEmpty() ? "" : ",").append(String.format("""
                        {"r": %d, "mAdd": 5, "messageBytes": %d, "receivedPerSecond": %d, "valid": true,
                         "heldOut": false, "result": {"validityProblems": []}}""", r, bytes, 100_000_000 / bytes / r));
            }
        }
        Files.writeString(dir.resolve("s.points.json"), "{\"name\": \"s\", \"points\": [" + points + "]}");
        Files.writeString(dir.resolve("s.yaml"), ProfileManifest.yaml("s", new CalibrationFit(new LinearModel(), null,
                new ProfileFit(ProfileParameters.of(5e-6, 6e-8, 4e-6).withSecondsPerByte(3e-10, 1.5e-10), 0.99,
                        new double[] {0.01}), null, 4, 0, 0), origin("s")));
        for (int bytes : new int[] {128, 65536}) {
            Files.writeString(dir.resolve("run-" + bytes + ".json"), String.format("""
                    {"spec": {"layout": "1x1", "mode": "saturate", "messageBytes": %d}, "publishedPerSecond": 1000,
                     "publishedBytesPerSecond": %d, "receivedPerSecond": 1000, "dispatchedPerSecond": 2000,
                     "latencyMicros": {"p50": 100, "p99": 900}, "brokerCpuUtilization": [0.99],
                     "clientCpuUtilization": 0.1, "countsMatchBrokers": true, "valid": true}
                    """, bytes, 1000 * bytes));
        }
        Path out = dir.resolve("sizes.html");
        assertEquals(0, new CommandLine(new ReportCommand()).execute("--out", out.toString(),
                dir.resolve("s.points.json").toString(), dir.resolve("run-128.json").toString(),
                dir.resolve("run-65536.json").toString()));
        String html = Files.readString(out);
        assertTrue(html.contains("Calibration s against message size"), "rate against size");
        assertTrue(html.contains(">fit, r = 5, m_add = 5<") && html.contains(">r = 1, 65536 B<"),
                "fitted and measured series per size");
        assertTrue(html.contains("End-to-end latency against message size"), "latency against size");
        assertTrue(html.contains("<td>65.5</td>"), "published MB/s of the 64 KB run");
    }

    private static ProfileOrigin origin(String name) {
        return new ProfileOrigin(name + ".points.json", 1, "100ms", "NonPersistent", false, 0.2, 60);
    }
}
