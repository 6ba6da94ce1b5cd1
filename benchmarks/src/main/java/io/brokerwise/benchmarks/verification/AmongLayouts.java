package io.brokerwise.benchmarks.verification;

import io.brokerwise.model.stats.AnovaComparison;
import java.util.List;

/** With three layouts or more, one-way ANOVA says first whether their capacities differ at all. */
public record AmongLayouts(String amongLayouts, double amongLayoutsPValue) {

    public static AmongLayouts of(List<LayoutRuns> runs) {
        AnovaComparison anova = AnovaComparison.of(runs.stream().map(LayoutRuns::capacities).toList());
        return new AmongLayouts(anova.verdict(), anova.pValue());
    }
}
