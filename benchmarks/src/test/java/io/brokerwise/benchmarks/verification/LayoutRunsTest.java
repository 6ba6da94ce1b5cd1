package io.brokerwise.benchmarks.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerwise.benchmarks.measurement.LocalLoad;
import io.brokerwise.benchmarks.report.JsonResult;
import io.brokerwise.measure.contract.LatencyPercentiles;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.MeasuredLoad;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.service.BuiltInProfiles;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.stats.SampleSummary;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.model.topology.LayoutEvaluation;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.model.topology.Objectives;
import io.brokerwise.model.topology.Plan;
import io.brokerwise.model.topology.TopologyEvaluator;
import io.brokerwise.model.topology.TopologyMode;
import io.brokerwise.model.topology.TopologyPlanner;
import io.brokerwise.model.topology.Workload;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * verify's verdicts on repeated runs: intervals, never "within" on a straddling interval, Welch and ANOVA; and the
 * verdicts' JSON, one flat object per layout with only the parts that apply.
 */
class LayoutRunsTest {

    private final Workload workload = Workload.of(4, 100, 20, 1, 2);
    private final ServiceTimeProfile profile = BuiltInProfiles.find("henjes-activemq", "ApplicationProperty").orElseThrow();
    private final Plan plan = new TopologyPlanner().plan(workload, profile, Objectives.utilization(0.9),
            Limits.brokers(4), TopologyMode.auto());

    @Test
    void tightRunsNearThePredictionAreWithinTolerance() {
        CapacityVerdict v = runs(plan.chosen().orElseThrow(), true, 1000, 990, 1010, 1000).judge(0.15);
        assertEquals("within tolerance", v.verdict());
        SampleSummary measured = v.measured();
        assertEquals(3, measured.n());
        assertEquals(1000, measured.mean(), 1e-9);
        assertTrue(measured.lower() < 1000 && measured.upper() > 1000);
        assertEquals(0.0, v.relativeError(), 1e-12);
    }

    /** Mean 10% off with a spread that reaches past 15%: a single run would have called it; the interval cannot. */
    @Test
    void anIntervalAcrossTheBoundIsInconclusiveAndSaysHowManyRunsWouldSettleIt() {
        CapacityVerdict v = runs(plan.chosen().orElseThrow(), true, 1000, 1200, 1000, 1100).judge(0.15);
        assertTrue(v.measuredOverPredicted().covers(1.15), v.measuredOverPredicted().toString());
        assertTrue(v.verdict().matches("inconclusive: \\d+ more runs? would settle it"), v.verdict());
    }

    @Test
    void aRunThatBrokeTheValidityRuleIsCounted() {
        LayoutRuns runs = runs(plan.chosen().orElseThrow(), true, 1000, 1000, 1000);
        runs.add(LayoutRound.whole(result(1000, false)));
        CapacityVerdict v = runs.judge(0.15);
        assertFalse(v.valid());
        assertEquals(1L, v.notValidRuns());
    }

    /**
     * Paired by round: the machine's drift (x1, x1.5, x0.8) moves both layouts alike, so the ratio's interval
     * is tight although each layout's capacity varies widely; Welch on the unpaired capacities cannot tell them
     * apart, and says so instead of crowning one.
     */
    @Test
    void alternativesAreJudgedByPairedRatiosAndWelch() {
        LayoutRuns planned = runs(plan.chosen().orElseThrow(), true, 1000, 1000, 1500, 800);
        LayoutRuns other = runs(plan.alternatives().get(0).evaluation(), false, 1000, 1200, 1800, 960);
        AgainstPlanned v = AgainstPlanned.of(other, planned);
        assertEquals(1.2, v.measuredOverPlanned(), 1e-9);
        assertEquals(0.0, v.measuredOverPlannedInterval().standardDeviation(), 1e-9);
        assertTrue(v.againstPlanned().startsWith("no significant difference"), v.againstPlanned());
        assertTrue(v.againstPlannedPValue() >= 0.05);
        List<LayoutVerdict> verdicts = Verdicts.judge(verification(), placement(), List.of(planned, other), 0.15,
                Optional.empty());
        assertNull(verdicts.get(0).amongLayouts(), "two layouts: Welch, not ANOVA");
        assertNull(verdicts.get(0).againstPlanned(), "the planned layout is the yardstick");
        assertEquals(v, verdicts.get(1).againstPlanned());
    }

    @Test
    void aClearlyFasterAlternativeBeatsThePlannedLayoutAndThreeLayoutsGetAnova() {
        List<LayoutRuns> runs = List.of(runs(plan.chosen().orElseThrow(), true, 1000, 1000, 1010, 990),
                runs(plan.alternatives().get(0).evaluation(), false, 1000, 2000, 2020, 1980),
                runs(new TopologyEvaluator(workload, profile, Objectives.utilization(0.9), Limits.brokers(4))
                        .evaluate(new Layout(2, 2)), false, 1000, 1500, 1490, 1510));
        List<LayoutVerdict> verdicts = Verdicts.judge(verification(), placement(), runs, 0.15, Optional.empty());
        AgainstPlanned claim = verdicts.get(1).againstPlanned();
        assertTrue(claim.againstPlanned().startsWith(plan.alternatives().get(0).evaluation().layout() + " beats planned "),
                claim.againstPlanned());
        assertTrue(claim.againstPlannedPValue() < 0.05);
        assertTrue(verdicts.get(0).amongLayouts().amongLayouts().startsWith("the 3 alternatives differ"));
        assertNull(verdicts.get(1).amongLayouts(), "ANOVA goes with the planned layout's verdict");
    }

    /**
     * The JSON readers of verify's verdicts (its tests, the report, RESULTS.md's figures) see one flat object per
     * layout: the capacity's, the comparison's and ANOVA's figures beside the layout's name, and nothing for the
     * parts that do not apply.
     */
    @Test
    void verdictsAreOneFlatObjectPerLayoutWithOnlyThePartsThatApply() throws Exception {
        List<LayoutRuns> runs = List.of(runs(plan.chosen().orElseThrow(), true, 1000, 1000, 1010, 990),
                runs(plan.alternatives().get(0).evaluation(), false, 1000, 2000, 2020, 1980),
                runs(new TopologyEvaluator(workload, profile, Objectives.utilization(0.9), Limits.brokers(4))
                        .evaluate(new Layout(2, 2)), false, 1000, 1500, 1490, 1510));
        JsonNode json = new ObjectMapper().readTree(JsonResult.text(Verdicts.judge(verification(), placement(), runs,
                0.15, Optional.empty())));
        JsonNode planned = json.get(0);
        assertEquals(plan.chosen().orElseThrow().layout().toString(), planned.get("layout").asText());
        assertEquals("within tolerance", planned.get("verdict").asText());
        assertEquals(3, planned.get("measured").get("n").asInt());
        assertEquals(3, planned.get("results").size());
        assertTrue(planned.has("amongLayoutsPValue"));
        for (String absent : List.of("rejectedBecause", "measuredOverPlanned", "referencePoints", "latency", "note")) {
            assertFalse(planned.has(absent), absent + " in " + planned);
        }
        JsonNode alternative = json.get(1);
        assertEquals(plan.alternatives().get(0).reason(), alternative.get("rejectedBecause").asText());
        assertEquals(2.0, alternative.get("measuredOverPlanned").asDouble(), 1e-9);
        assertTrue(alternative.get("measuredOverPlannedInterval").has("lower"));
        assertFalse(alternative.has("amongLayouts"));
    }

    /**
     * Subscriber s joins column s mod l: SSR 1x3 over r = 2 and 18 more filters gives columns 0 and 1 seven filters
     * with one matching each, column 2 six with none; two distinct cells, and the row carries the slower one.
     */
    @Test
    void isolatedCellsAreTheDistinctColumnsAndTheLayoutCarriesKRowsOfTheSlowest() {
        IsolatedCells ssr = IsolatedCells.of(new Layout(1, 3), design());
        assertEquals(List.of(List.of(0, 1), List.of(2)), ssr.cells().stream().map(IsolatedCells.Cell::columns).toList());
        assertEquals(SelectorDesign.calibration(1, 6), ssr.cells().get(0).design());
        assertEquals(new SelectorDesign(0, 6, SelectorDesign.Kind.property, SelectorDesign.Shape.simple, 1),
                ssr.cells().get(1).design());
        assertEquals(800, ssr.layoutCapacity(List.of(result(800, true), result(1200, true))), 1e-9);

        IsolatedCells grid = IsolatedCells.of(new Layout(2, 2), SelectorDesign.calibration(1, 3));
        assertEquals(2, grid.cells().size(), "one column has the matching subscriber, the other none");
        assertEquals(1200, grid.layoutCapacity(List.of(result(600, true), result(900, true))), 1e-9);

        IsolatedCells psr = IsolatedCells.of(new Layout(2, 1), design());
        assertEquals(List.of(new IsolatedCells.Cell(List.of(0), design())), psr.cells());
        LayoutRound round = LayoutRound.isolated(psr, List.of(result(1000, false)));
        assertEquals(2000, round.publishedPerSecond(), 1e-9);
        assertFalse(round.valid());
    }

    @Test
    void aColumnWithoutFiltersIsNoCell() {
        IsolatedCells wide = IsolatedCells.of(new Layout(1, 4), SelectorDesign.calibration(1, 2));
        assertEquals(List.of(List.of(0), List.of(1, 2)), wide.cells().stream().map(IsolatedCells.Cell::columns).toList());
    }

    /** A profile with per-byte times predicts for the workload's size, so verify measures that size. */
    @Test
    void verifyMeasuresTheWorkloadsSizeOnlyWhenTheProfileChargesSize() {
        Workload large = workload.withMessageSize(65_536);
        assertEquals(VerificationPlan.CALIBRATED_MESSAGE_BYTES, VerificationPlan.messageBytes(profile, large));
        ServiceTimeProfile sized = new ServiceTimeProfile("sized", profile.model(),
                profile.parameters().withSecondsPerByte(3e-10, 1.5e-10), "test");
        assertEquals(65_536, VerificationPlan.messageBytes(sized, large));
    }

    private VerificationPlan verification() {
        return new VerificationPlan(plan, profile, List.of(), design(), 100, 0.9);
    }

    private LocalPlacement placement() {
        return new LocalPlacement(new LocalLoad(2, false, false), design(), 100, Duration.ofSeconds(30),
                Duration.ofSeconds(15), Duration.ofSeconds(20));
    }

    /** Two matching subscribers: they split evenly over one or two columns, so no verdict here carries a note. */
    private static SelectorDesign design() {
        return SelectorDesign.calibration(2, 18);
    }

    private static LayoutRuns runs(LayoutEvaluation e, boolean planned, double predicted, double... measured) {
        LayoutRuns runs = new LayoutRuns(e, planned, predicted);
        for (double m : measured) {
            runs.add(LayoutRound.whole(result(m, true)));
        }
        return runs;
    }

    private static LoadResult result(double published, boolean valid) {
        long sent = Math.round(published * 10);
        MeasuredLoad load = new MeasuredLoad("1x1", 1, 1, "0/1", 4, LoadSpec.Mode.saturate, null, "NonPersistent", false, 2,
                18, SelectorDesign.Kind.property, SelectorDesign.Shape.simple, 1, 100, 30, 15, 1);
        return new LoadResult(load, 0, 0, 10, sent, sent, published, published, published, sent, sent, sent, sent,
                List.of(), true, LatencyPercentiles.NONE, false, new double[] {0.99}, 0.3, 1, 1, valid,
                valid ? List.of() : List.of("broker 0 used 80% of its CPU (< 96%): it was not the bottleneck"));
    }
}
