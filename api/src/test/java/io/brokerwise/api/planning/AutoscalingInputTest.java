package io.brokerwise.api.planning;

import static io.brokerwise.api.planning.SpecDefaultsTest.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brokerwise.api.v1alpha1.AutoscalingSpec;
import io.brokerwise.model.autoscaling.ScalingPolicy;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** spec.autoscaling offline: the defaults, the ones that follow other fields, and the CRD's cross-field rules. */
class AutoscalingInputTest {

    @Test
    void onlyTheModeTakesEveryDefault() {
        var spec = read("  autoscaling: {mode: Recommend}\n").getSpec();
        PlanningInput.from(spec, "orders");
        ScalingPolicy policy = AutoscalingInput.policy(spec);

        assertEquals(AutoscalingSpec.Mode.Recommend, spec.autoscaling.mode);
        assertEquals(1, policy.minBrokers());
        assertEquals(Integer.MAX_VALUE, policy.maxBrokers(), "no cap beyond the placement's");
        assertEquals(0.9, policy.scaleUpUtilization(), "the objectives' cap");
        assertEquals(0.675, policy.scaleDownUtilization(), 1e-12);
        assertEquals(Duration.ofMinutes(5), policy.inhibitionDelay());
        assertEquals(Duration.ofMinutes(1), AutoscalingInput.window(spec.autoscaling));
        assertEquals(true, policy.declaredIsFloor());
    }

    @Test
    void scaleUpFollowsTheObjectivesAndScaleDownFollowsScaleUp() {
        var spec = read("""
                  objectives: {maxUtilization: 0.6}
                  autoscaling: {mode: Auto, maxBrokers: 12, inhibitionDelay: 120.5s, declaredIsFloor: false}
                """).getSpec();
        PlanningInput.from(spec, "orders");
        ScalingPolicy policy = AutoscalingInput.policy(spec);
        assertEquals(0.6, policy.scaleUpUtilization());
        assertEquals(0.45, policy.scaleDownUtilization(), 1e-12);
        assertEquals(12, policy.maxBrokers());
        assertEquals(Duration.ofMillis(120_500), policy.inhibitionDelay());
        assertEquals(false, policy.declaredIsFloor());
    }

    @Test
    void crossFieldRulesAreRefusedWithTheCrdsMessages() {
        assertProblems("  autoscaling: {minBrokers: 5, maxBrokers: 4}\n", AutoscalingSpec.MIN_ABOVE_MAX);
        assertProblems("  autoscaling: {scaleUpUtilization: 0.7, scaleDownUtilization: 0.7}\n",
                AutoscalingSpec.DOWN_NOT_BELOW_UP);
        assertProblems("  objectives: {maxUtilization: 0.5}\n  autoscaling: {scaleDownUtilization: 0.6}\n",
                AutoscalingSpec.DOWN_NOT_BELOW_UP);
        assertProblems("  autoscaling: {window: 120s, inhibitionDelay: 60s}\n", AutoscalingSpec.WINDOW_OVER_DELAY);
        assertProblems("  autoscaling: {window: 2m, inhibitionDelay: 90000ms}\n", AutoscalingSpec.WINDOW_OVER_DELAY);
    }

    @Test
    void durationsInAnyUnitCompareByTheirLength() {
        var spec = read("  autoscaling: {mode: Auto, window: 60000ms, inhibitionDelay: 1m}\n").getSpec();
        PlanningInput.from(spec, "orders");
        assertEquals(Duration.ofMinutes(1), AutoscalingInput.policy(spec).inhibitionDelay());
        assertEquals(Duration.ofMinutes(1), AutoscalingInput.window(spec.autoscaling));
    }

    @Test
    void aDurationLongerThanADurationHoldsNamesTheField() {
        assertProblems("  autoscaling: {window: 99999999999999999999s}\n",
                "'99999999999999999999s' is longer than the longest duration, 9223372036854775807s");
    }

    @Test
    void schemaBoundsNameTheField() {
        var e = assertThrows(ManifestException.class,
                () -> PlanningInput.from(read("  autoscaling: {scaleUpUtilization: 1, inhibitionDelay: 5min}\n").getSpec(), "orders"));
        assertEquals(2, e.problems().size(), e.problems().toString());
        assertEquals(true, e.problems().get(0).startsWith("spec.autoscaling."), e.problems().toString());
    }

    private static void assertProblems(String autoscaling, String message) {
        var e = assertThrows(ManifestException.class, () -> PlanningInput.from(read(autoscaling).getSpec(), "orders"));
        assertEquals(List.of("spec.autoscaling: " + message), e.problems());
    }
}
