package io.brokerwise.model.stats;

import java.util.List;
import java.util.Locale;
import org.hipparchus.stat.inference.OneWayAnova;

/**
 * Whether more than two alternatives differ at all, by one-way ANOVA on their repeated runs: pairwise
 * t-tests over many alternatives would find a "difference" by chance. Only at p < 0.05 do they differ.
 */
public record AnovaComparison(List<SampleSummary> groups, double f, double pValue) {

    public static AnovaComparison of(List<double[]> groups) {
        if (groups.size() < 2) {
            throw new IllegalArgumentException("ANOVA compares at least 2 alternatives, got " + groups.size());
        }
        OneWayAnova anova = new OneWayAnova();
        return new AnovaComparison(groups.stream().map(SampleSummary::of).toList(), anova.anovaFValue(groups),
                anova.anovaPValue(groups));
    }

    public boolean significant() {
        return pValue < SampleSummary.ALPHA;
    }

    public String verdict() {
        return String.format(Locale.ROOT, significant() ? "the %d alternatives differ (ANOVA F = %.3g, p = %.2g)"
                : "no significant difference among the %d alternatives (ANOVA F = %.3g, p = %.2g)", groups.size(), f, pValue);
    }
}
