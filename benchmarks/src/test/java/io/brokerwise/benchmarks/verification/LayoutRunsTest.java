package io.brokerwise.benchmarks.verification;

import io.brokerwise.benchmarks.command.VerifyCommand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.measure.LatencyPercentiles;
import io.brokerwise.measure.LoadResult;
import io.brokerwise.measure.LoadSpec;
import io.brokerwise.measure.MeasuredLoad;
import io.brokerwise.measure.SelectorDesign;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.service.BuiltInProfiles;
import io.brokerwise.model.stats.SampleSummary;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.model.topology.LayoutEvaluation;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.model.topology.Objectives;
import io.brokerwise.model.topology.Plan;
import io.brokerwise.model.topology.TopologyEvaluator;
import io.brokerwise.model.topology.TopologyPlanner;
import io.brokerwise.model.topology.TopologyMode;
import io.brokerwise.model.topology.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** verify's verdicts on repeated runs: intervals, never "within" on a straddling interval, Welch and ANOVA. */
class LayoutRunsTest {

    private final Workload workload = Workload.of(4, 100, 20, 1, 2);
    private final ServiceTimeProfile profile = BuiltInProfiles.find("henjes-activemq", "ApplicationProperty").orElseThrow();
    private final Plan plan = new TopologyPlanner().plan(workload, profile, Objectives.utilization(0.9),
            Limits.brokers(4), TopologyMode.auto());

    @Test
    void tightRunsNearThePredictionAreWithinTolerance() {
        LayoutRuns runs = runs(plan.chosen().orElseThrow(), true, 1000, 990, 1010, 1000);
        Map<String, Object> v = runs.verdict(plan, 0.15);
        assertEquals("within tolerance", v.get("verdict"));
        SampleSummary measured = (SampleSummary) v.get("measured");
        assertEquals(3, measured.n());
        assertEquals(1000, measured.mean(), 1e-9);
        assertTrue(measured.lower() < 1000 && measured.upper() > 1000);
        assertEquals(0.0, (Double) v.get("relativeError"), 1e-12);
    }

    /** Mean 10% off with a spread that reaches past 15%: a single run would have called it; the interval cannot. */
    @Test
    void anIntervalAcrossTheBoundIsInconclusiveAndSaysHowManyRunsWouldSettleIt() {
        Map<String, Object> v = runs(plan.chosen().orElseThrow(), true, 1000, 1200, 1000, 1100).verdict(plan, 0.15);
        SampleSummary ratio = (SampleSummary) v.get("measuredOverPredicted");
        assertTrue(ratio.covers(1.15), ratio.toString());
        assertTrue(((String) v.get("verdict")).matches("inconclusive: \\d+ more runs? would settle it"),
                (String) v.get("verdict"));
    }

    @Test
    void aRunThatBrokeTheValidityRuleIsCounted() {
        LayoutRuns runs = runs(plan.chosen().orElseThrow(), true, 1000, 1000, 1000);
        runs.add(result(1000, false));
        Map<String, Object> v = runs.verdict(plan, 0.15);
        assertFalse((Boolean) v.get("valid"));
        assertEquals(1L, v.get("notValidRuns"));
    }

    /**
     * Paired by round: the machine's drift (x1, x1.5, x0.8) moves both layouts alike, so the ratio's interval
     * is tight although each layout's capacity varies widely; Welch on the unpaired capacities cannot tell them
     * apart, and says so instead of crowning one.
     */
    @Test
    void alternativesAreJudgedByPairedRatiosAndWelch() {
        LayoutEvaluation planned = plan.chosen().orElseThrow();
        LayoutEvaluation other = plan.alternatives().get(0).evaluation();
        List<LayoutRuns> runs = List.of(runs(planned, true, 1000, 1000, 1500, 800),
                runs(other, false, 1000, 1200, 1800, 960));
        List<Map<String, Object>> verdicts = new ArrayList<>(runs.stream().map(r -> r.verdict(plan, 0.15)).toList());
        VerifyCommand.relativeToPlanned(runs, verdicts);
        Map<String, Object> v = verdicts.get(1);
        assertEquals(1.2, (Double) v.get("measuredOverPlanned"), 1e-9);
        assertEquals(0.0, ((SampleSummary) v.get("measuredOverPlannedInterval")).standardDeviation(), 1e-9);
        assertTrue(((String) v.get("againstPlanned")).startsWith("no significant difference"), (String) v.get("againstPlanned"));
        assertTrue((Double) v.get("againstPlannedPValue") >= 0.05);
        assertFalse(verdicts.get(0).containsKey("amongLayouts"), "two layouts: Welch, not ANOVA");
    }

    @Test
    void aClearlyFasterAlternativeBeatsThePlannedLayoutAndThreeLayoutsGetAnova() {
        List<LayoutRuns> runs = List.of(runs(plan.chosen().orElseThrow(), true, 1000, 1000, 1010, 990),
                runs(plan.alternatives().get(0).evaluation(), false, 1000, 2000, 2020, 1980),
                runs(new TopologyEvaluator(workload, profile, Objectives.utilization(0.9), Limits.brokers(4))
                        .evaluate(new Layout(2, 2)), false, 1000, 1500, 1490, 1510));
        List<Map<String, Object>> verdicts = new ArrayList<>(runs.stream().map(r -> r.verdict(plan, 0.15)).toList());
        VerifyCommand.relativeToPlanned(runs, verdicts);
        String claim = (String) verdicts.get(1).get("againstPlanned");
        assertTrue(claim.startsWith(plan.alternatives().get(0).evaluation().layout() + " beats planned "), claim);
        assertTrue((Double) verdicts.get(1).get("againstPlannedPValue") < 0.05);
        assertTrue(((String) verdicts.get(0).get("amongLayouts")).startsWith("the 3 alternatives differ"));
    }

    /** A profile with per-byte times predicts for the workload's size, so verify measures that size. */
    @Test
    void verifyMeasuresTheWorkloadsSizeOnlyWhenTheProfileChargesSize() {
        Workload large = workload.withMessageSize(65_536);
        assertEquals(VerifyCommand.CALIBRATED_MESSAGE_BYTES, VerifyCommand.messageBytes(profile, large));
        ServiceTimeProfile sized = new ServiceTimeProfile("sized", profile.model(),
                profile.parameters().withSecondsPerByte(3e-10, 1.5e-10), "test");
        assertEquals(65_536, VerifyCommand.messageBytes(sized, large));
    }

    private static LayoutRuns runs(LayoutEvaluation e, boolean planned, double predicted, double... measured) {
        LayoutRuns runs = new LayoutRuns(e, planned, predicted);
        for (double m : measured) {
            runs.add(result(m, true));
        }
        return runs;
    }

    private static LoadResult result(double published, boolean valid) {
        long sent = Math.round(published * 10);
        MeasuredLoad load = new MeasuredLoad("1x1", 1, 1, "0/1", 4, LoadSpec.Mode.saturate, null, "NonPersistent", 2,
                18, SelectorDesign.Kind.property, SelectorDesign.Shape.simple, 1, 100, 30, 15, 1);
        return new LoadResult(load, 0, 0, 10, sent, sent, published, published, published, sent, sent, sent, sent,
                List.of(), true, LatencyPercentiles.NONE, false, new double[] {0.99}, 0.3, 1, 1, valid,
                valid ? List.of() : List.of("broker CPU 80% of its quota"));
    }
}
