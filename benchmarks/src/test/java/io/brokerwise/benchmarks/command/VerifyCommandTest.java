package io.brokerwise.benchmarks.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.hipparchus.stat.inference.TTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * verify plans a tiny workload (PSR 1x1 planned, SSR 1x2 rejected for cost) and measures both in two interleaved
 * rounds; the verdicts carry the prediction, the runs' interval and verdict, and measurements whose counts match
 * the brokers'. Figures of a one-second run on a shared machine mean nothing and are not asserted.
 */
@Timeout(300)
class VerifyCommandTest {

    @TempDir
    Path dir;

    @Test
    void plannedLayoutAndAnAlternativeAreMeasuredBesideTheirPrediction() throws Exception {
        JsonNode verdicts = verifyTinyTopology("1,5", "--latency-warmup", "300ms", "--latency-at", "0.5");
        assertEquals(2, verdicts.size());
        assertEquals("PSR 1x1", verdicts.get(0).get("layout").asText());
        assertTrue(verdicts.get(0).get("planned").asBoolean());
        assertFalse(verdicts.get(0).has("note"), "r = 2 splits evenly over one column");
        assertEquals("SSR 1x2", verdicts.get(1).get("layout").asText());
        assertTrue(verdicts.get(1).has("rejectedBecause"));
        assertFalse(verdicts.get(1).has("latency"), "latency only for the planned layout");
        JsonNode latency = verdicts.get(0).get("latency");
        assertEquals(1, latency.size(), "one Poisson load for the planned layout");
        assertTrue(latency.get(0).get("predictedWaitingP99Micros").asDouble() > 0);
        assertTrue(latency.get(0).get("measuredLatencyMicros").has("p99"));
        for (JsonNode v : verdicts) {
            assertTrue(v.get("predictedSaturatedMsgsPerSecond").asDouble() > 0);
            assertEquals(2, v.get("results").size(), "one run per round");
            assertEquals(2, v.get("measured").get("n").asInt());
            assertTrue(v.get("measured").get("lower").asDouble() <= v.get("measuredMsgsPerSecond").asDouble());
            assertTrue(v.get("verdict").asText().matches("within tolerance|outside tolerance|inconclusive: .*"));
            boolean anyValidReference = false;
            for (JsonNode round : v.get("results")) {
                JsonNode run = round.get("runs").get(0);
                assertTrue(run.get("countsMatchBrokers").asBoolean(), v.toString());
                assertEquals(2, run.get("spec").get("r").asInt());
                assertEquals(run.get("publishedPerSecond").asDouble(), round.get("publishedPerSecond").asDouble());
            }
            assertEquals(2, v.get("referencePoints").size(), "a reference point each round");
            for (JsonNode reference : v.get("referencePoints")) {
                assertEquals(1, reference.get("r").asInt());
                assertEquals(5, reference.get("mAdd").asInt());
                assertTrue(reference.get("predictedPerBrokerMsgsPerSecond").asDouble() > 0);
                anyValidReference |= reference.get("valid").asBoolean();
            }
            assertEquals(anyValidReference, v.has("speedFactor"), "a speed factor comes from valid reference points only");
        }
        assertFalse(verdicts.get(0).has("measuredOverPlanned"), "the planned layout is the yardstick");
        JsonNode psr = verdicts.get(0);
        JsonNode ssr = verdicts.get(1);
        double pairedRatio = (ssr.get("results").get(0).get("publishedPerSecond").asDouble()
                / psr.get("results").get(0).get("publishedPerSecond").asDouble()
                + ssr.get("results").get(1).get("publishedPerSecond").asDouble()
                / psr.get("results").get(1).get("publishedPerSecond").asDouble()) / 2;
        assertEquals(pairedRatio, ssr.get("measuredOverPlanned").asDouble(), 1e-9);
        // Welch's test of SSR's capacities against PSR's, round by round as measured, and the verdict that quotes it
        double welchP = new TTest().tTest(publishedPerSecond(ssr), publishedPerSecond(psr));
        assertTrue(ssr.has("againstPlannedPValue"), ssr.toString());
        assertEquals(welchP, ssr.get("againstPlannedPValue").asDouble(), 1e-9);
        assertTrue(ssr.get("againstPlanned").asText().contains(String.format(Locale.ROOT, "(Welch p = %.2g)", welchP)),
                ssr.get("againstPlanned").asText());
        assertEquals(ssr.get("predictedSaturatedMsgsPerSecond").asDouble()
                / psr.get("predictedSaturatedMsgsPerSecond").asDouble(), ssr.get("predictedOverPlanned").asDouble(), 1e-9);
        assertEquals(1, verdicts.get(0).get("referencePoints").get(0).get("brokers").asInt());
        assertEquals(2, verdicts.get(1).get("referencePoints").get(0).get("brokers").asInt());
    }

    /**
     * Isolated, SSR 1x2's four filters split two to a column with one matching subscriber each: one distinct cell,
     * measured alone on one broker, and the layout's capacity is its one row's. Without a reference point: a cell's
     * is the whole layout's code, which the test above runs, on a fleet of one broker.
     */
    @Test
    void isolatedLayoutsAreMeasuredOneDistinctCellAtATime() throws Exception {
        JsonNode ssr = verifyTinyTopology("", "--isolate").get(1);
        assertEquals("SSR 1x2", ssr.get("layout").asText());
        assertFalse(ssr.has("latency"), "no latency runs when isolated");
        for (JsonNode round : ssr.get("results")) {
            JsonNode cell = round.get("runs").get(0);
            assertEquals(1, round.get("runs").size(), "both columns alike: one distinct cell");
            assertEquals(1, cell.get("spec").get("r").asInt());
            assertEquals(1, cell.get("spec").get("mAdd").asInt());
            assertEquals(1, cell.get("brokerCpuUtilization").size(), "the cell alone on one broker");
            assertEquals(cell.get("publishedPerSecond").asDouble(), round.get("publishedPerSecond").asDouble());
        }
        assertTrue(!ssr.has("referencePoints") || ssr.get("referencePoints").isEmpty(), "none asked for");
    }

    @Test
    void aSharedLayoutsTopicsAreMeasuredTogetherAndEachRoundJudgedAtTheMixItMeasured() throws Exception {
        Path out = dir.resolve("shared.json");
        assertEquals(0, new CommandLine(new VerifyCommand()).execute(sharedArgs("--latency-at", "", "--out",
                out.toString())));
        JsonNode verdict = new ObjectMapper().readTree(out.toFile());
        assertEquals("PSR 1x1", verdict.get("layout").asText());
        assertEquals("[\"prices\",\"alerts\"]", verdict.get("topics").toString());
        assertTrue(verdict.get("predictedAtSpecMix").asDouble() > 0);
        assertEquals(2, verdict.get("measuredOverPredicted").get("n").asInt());
        for (JsonNode round : verdict.get("results")) {
            assertTrue(round.get("countsMatchBrokers").asBoolean(), round.toString());
            double sum = 0;
            for (int i = 0; i < 2; i++) {
                JsonNode topic = round.get("topics").get(i);
                assertEquals(i == 0 ? "prices" : "alerts", topic.get("topic").asText());
                assertEquals(1, topic.get("publishers").asInt(), "--publishers 2 split between the two topics");
                assertEquals(i == 0 ? 2 : 1, topic.get("run").get("spec").get("r").asInt(), "the topic's own filters");
                assertTrue(topic.get("publishedPerSecond").asDouble() > 0);
                sum += topic.get("publishedPerSecond").asDouble();
            }
            assertEquals(sum, round.get("publishedPerSecond").asDouble(), 1e-9);
            double utilization = round.get("predictedUtilization").asDouble();
            assertTrue(utilization > 0, round.toString());
            assertEquals(sum / utilization, round.get("predictedMsgsPerSecond").asDouble(), 1e-6 * sum / utilization);
        }
    }

    @Test
    void aSharedLayoutRefusesWhatMeasuresOneTopicsLayout() throws Exception {
        StringWriter err = new StringWriter();
        CommandLine cli = BrokerwiseBench.commandLine();
        cli.setErr(new PrintWriter(err));
        List<String> args = new ArrayList<>(List.of("verify"));
        args.addAll(List.of(sharedArgs("--isolate")));
        assertEquals(2, cli.execute(args.toArray(String[]::new)), err.toString());
        assertEquals("loadgen: error: a topology of spec.topics is verified on its planned layout, its topics "
                + "together: drop --isolate, --alternatives, --latency-at and --reference-point", err.toString().strip());
    }

    /** verify's arguments for the tiny topology of two topics, two short rounds, and these options. */
    private String[] sharedArgs(String... options) throws Exception {
        Path topology = dir.resolve("tiny-topics-topology.yaml");
        if (!Files.exists(topology)) {
            Files.copy(Objects.requireNonNull(getClass().getResourceAsStream("/tiny-topics-topology.yaml")), topology);
        }
        List<String> args = new ArrayList<>(List.of("-f", topology.toString(), "--broker-cores", "0.5",
                "--broker-heap", "256m", "--publishers", "2", "--warmup", "1s", "--measure", "1s", "--repeats", "2",
                "--work-dir", dir.resolve("w").toString()));
        args.addAll(List.of(options));
        return args.toArray(String[]::new);
    }

    @Test
    void isolatedCellsRunOneBrokerAtATimeSoOnlyTheTopologyBoundsTheirLayout() {
        assertEquals(4, localBrokers("-f", "t.yaml"), "whole layouts: what this machine runs at once");
        assertEquals(Integer.MAX_VALUE, localBrokers("-f", "t.yaml", "--isolate"));
        assertEquals(2, localBrokers("-f", "t.yaml", "--isolate", "--max-brokers", "2"));
    }

    /** The published msgs/s of each of a verdict's rounds, in order. */
    private static double[] publishedPerSecond(JsonNode verdict) {
        double[] out = new double[verdict.get("results").size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = verdict.get("results").get(i).get("publishedPerSecond").asDouble();
        }
        return out;
    }

    private static int localBrokers(String... args) {
        VerifyCommand verify = new VerifyCommand();
        new CommandLine(verify).parseArgs(args);
        return verify.localBrokers();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--isolate --latency-at 0.5|--latency-at measures a whole layout's latency and --isolate measures its cells "
                + "apart: drop --latency-at, or drop --isolate to measure latency",
        "--latency-at 0.5,1.2|--latency-at: each load is a fraction of the capacity in (0, 1), got '1.2'",
        "--reference-point 1|--reference-point is r,m_add such as 1,160 (or empty for none), got '1'",
        "--reference-point 0,5|--reference-point is r,m_add with r >= 1 and m_add >= 0, got 0,5",
        "--cpu-period 2s|--cpu-period must be between 1ms and 1000ms, got 2000ms",
        "--repeats 1|--repeats must be at least 2: a 95% interval needs 2 runs of each layout, and 3 or more narrow "
                + "it, got 1",
        "--tolerance 1.5|--tolerance is a relative error in (0, 1), got 1.5",
        "--broker-cores 0.1 --cpu-period 5ms|--broker-cores 0.1 over --cpu-period 5ms is a quota under 1 ms, "
                + "which the kernel refuses: lengthen the period"})
    void badOptionsAreCommandLineErrorsThatSayWhatToChange(String options, String message) {
        StringWriter err = new StringWriter();
        CommandLine cli = BrokerwiseBench.commandLine();
        cli.setErr(new PrintWriter(err));
        Path topology = dir.resolve("tiny-topology.yaml");
        List<String> args = new ArrayList<>(List.of("verify", "-f", topology.toString()));
        args.addAll(List.of(options.split(" ")));
        int exit = cli.execute(args.toArray(String[]::new));
        assertEquals(2, exit, err.toString());
        assertEquals("loadgen: error: " + message, err.toString().strip());
    }

    /**
     * verify on the tiny topology, its planned layout and one alternative, two short rounds, with this reference
     * point (empty: none); the verdicts.
     */
    private JsonNode verifyTinyTopology(String referencePoint, String... options) throws Exception {
        Path topology = dir.resolve("tiny-topology.yaml");
        Files.copy(Objects.requireNonNull(getClass().getResourceAsStream("/tiny-topology.yaml")), topology);
        Path out = dir.resolve("verdicts.json");
        List<String> args = new ArrayList<>(List.of("-f", topology.toString(), "--max-brokers", "2",
                "--alternatives", "1", "--broker-cores", "0.5", "--broker-heap", "256m", "--publishers", "2",
                "--warmup", "1s", "--measure", "1s", "--repeats", "2", "--reference-point", referencePoint,
                "--reference-warmup", "1s",
                "--work-dir", dir.resolve("w").toString(), "--out", out.toString()));
        args.addAll(List.of(options));
        assertEquals(0, new CommandLine(new VerifyCommand()).execute(args.toArray(String[]::new)));
        return new ObjectMapper().readTree(out.toFile());
    }
}
