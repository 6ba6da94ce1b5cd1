package io.brokerwise.operator.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.BenchmarkRunStatus;
import io.brokerwise.measure.contract.LatencyPercentiles;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.MeasuredLoad;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.topology.Layout;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A Saturate run's verdict judges its repeated runs' interval, never a single figure. */
class BenchmarkVerdictTest {

    private static final double PREDICTED = 1000;

    @Test
    void tightRunsNearThePredictionAreWithinTheirIntervalIsInTheStatus() {
        BenchmarkRunStatus status = fill(0.15, run(980, true), run(1000, true), run(1020, true));
        assertEquals(BenchmarkVerdict.WITHIN, status.verdict);
        assertEquals("within tolerance", status.verdictMessage);
        assertEquals(1000, status.measuredCapacity, 1e-9);
        assertEquals(0.0, status.capacityError, 1e-12);
        assertEquals("+0.0%", status.capacityErrorPercent, "what kubectl get prints");
        assertEquals(3, status.measuredCapacityInterval.runs);
        assertEquals(20, status.measuredCapacityInterval.standardDeviation, 1e-9);
        // t(0.975, 2) = 4.303: 1000 +- 4.303 x 20 / sqrt(3)
        assertEquals(1000 - 49.68, status.measuredCapacityInterval.lower, 0.01);
        assertEquals(1000 + 49.68, status.measuredCapacityInterval.upper, 0.01);
        assertEquals(3, status.points.size(), "every run is a point");
        assertEquals(980 * 1024, status.points.get(0).publishedBytesPerSecond, 1e-6, "bytes/s beside msgs/s");
        assertEquals(980 * 1024, status.points.get(0).dispatchedBytesPerSecond, 1e-6, "one copy of each message");
    }

    /** A single run of 0.9 would have passed a 15% tolerance; the runs' interval reaches past it, so no claim. */
    @Test
    void anIntervalThatStraddlesTheToleranceIsInconclusive() {
        BenchmarkRunStatus status = fill(0.15, run(700, true), run(900, true), run(1000, true));
        assertEquals(BenchmarkVerdict.INCONCLUSIVE, status.verdict);
        assertTrue(status.measuredCapacityInterval.lower < 850 && status.measuredCapacityInterval.upper > 850);
        assertTrue(status.verdictMessage.matches("inconclusive: \\d+ more runs? would settle it"), status.verdictMessage);
    }

    @Test
    void runsFarOffAreOutsideAndARunThatBrokeTheValidityRuleIsNotValid() {
        assertEquals(BenchmarkVerdict.OUTSIDE, fill(0.15, run(500, true), run(510, true), run(490, true)).verdict);
        BenchmarkRunStatus notValid = fill(0.15, run(1000, true), run(1000, false), run(1000, true));
        assertEquals(BenchmarkVerdict.NOT_VALID, notValid.verdict);
        assertTrue(notValid.verdictMessage.contains("validity rule"), notValid.verdictMessage);
    }

    private static BenchmarkRunStatus fill(double tolerance, LoadResult... runs) {
        List<BenchmarkDesign.Prediction> predictions = new ArrayList<>();
        for (int i = 0; i < runs.length; i++) {
            predictions.add(new BenchmarkDesign.Prediction(null, PREDICTED, PREDICTED, null));
        }
        BenchmarkRunStatus status = new BenchmarkRunStatus();
        BenchmarkVerdict.fill(status, new BenchmarkDesign(null, new Layout(1, 1), predictions), List.of(runs),
                tolerance, true);
        return status;
    }

    private static LoadResult run(double published, boolean valid) {
        long sent = Math.round(published * 10);
        MeasuredLoad load = new MeasuredLoad("1x1", 1, 1, "0/1", 4, LoadSpec.Mode.saturate, null, "NonPersistent", false, 1,
                0, SelectorDesign.Kind.property, SelectorDesign.Shape.simple, 1, 1024, 5, 10, 5);
        LatencyPercentiles latency = new LatencyPercentiles(Double.NaN, Double.NaN, 900, Double.NaN, Double.NaN,
                Double.NaN);
        return new LoadResult(load, 0, 0, 10, sent, sent, published, published, published, sent, sent, sent, sent,
                List.of(), true, latency, false, new double[] {0.99}, 0.3, 1, 1,
                valid, valid ? List.of() : List.of("broker 0 used 80% of its CPU (< 96%): it was not the bottleneck"));
    }
}
