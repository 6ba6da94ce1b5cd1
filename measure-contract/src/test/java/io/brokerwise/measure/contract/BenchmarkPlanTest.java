package io.brokerwise.measure.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The plan a benchmark Job's pods are given: its JSON reads back, and its points follow a fixed schedule. */
class BenchmarkPlanTest {

    @Test
    void aPlanSurvivesItsJsonAndSchedulesEachPointAfterThePreviousSettled() throws Exception {
        BenchmarkPlan plan = new BenchmarkPlan(1_000, List.of(load(LoadSpec.Mode.saturate),
                load(LoadSpec.Mode.rate).poissonAt(50)), 2, 9404);
        assertEquals(plan, BenchmarkPlan.fromJson(plan.toJson()));
        assertEquals(1_000, plan.startOf(0));
        assertEquals(1_000 + 1_700 + BenchmarkPlan.SETTLE_MILLIS, plan.startOf(1), "after the first point settled");
        assertEquals(1_000 + 2 * (1_700 + BenchmarkPlan.SETTLE_MILLIS), plan.endEpochMillis());
        assertThrows(IllegalArgumentException.class, () -> new BenchmarkPlan(1_000, List.of(), 1, 9404));
    }

    private static LoadSpec load(LoadSpec.Mode mode) {
        return new LoadSpec(4, mode, mode == LoadSpec.Mode.rate ? 100 : 0, false, false,
                new SelectorDesign(2, 3, SelectorDesign.Kind.property, SelectorDesign.Shape.and, 2), 64,
                Duration.ofMillis(300), Duration.ofSeconds(1), Duration.ofMillis(400), 20_000, 3);
    }
}
