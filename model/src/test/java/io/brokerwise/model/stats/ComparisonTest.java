package io.brokerwise.model.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Welch's t-test and one-way ANOVA against worked examples with published results. */
class ComparisonTest {

    /** Welch's t-test, the first worked example of its Wikipedia article: t = -2.46, p = 0.021. */
    @Test
    void welchMatchesTheFirstWorkedExample() {
        double[] a1 = {27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4};
        double[] a2 = {27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4};
        WelchComparison c = WelchComparison.of(a1, a2);
        assertEquals(-2.46, c.t(), 0.005);
        assertEquals(0.021, c.pValue(), 0.0005);
        assertTrue(c.bBeatsA() && !c.aBeatsB());
        assertTrue(c.verdict("A1", "A2").startsWith("A2 beats A1"), c.verdict("A1", "A2"));
    }

    /** The second example, unequal sizes and spreads: t = -1.57, p = 0.149; no claim at p >= 0.05. */
    @Test
    void welchMatchesTheSecondWorkedExampleAndClaimsNothing() {
        double[] a1 = {17.2, 20.9, 22.6, 18.1, 21.7, 21.4, 23.5, 24.2, 14.7, 21.8};
        double[] a2 = {21.5, 22.8, 21.0, 23.0, 21.6, 23.6, 22.5, 20.7, 23.4, 21.8, 20.7, 21.7, 21.5, 22.5, 23.6, 21.5,
            22.5, 23.5, 21.5, 21.8};
        WelchComparison c = WelchComparison.of(a1, a2);
        assertEquals(-1.57, c.t(), 0.005);
        assertEquals(0.149, c.pValue(), 0.0005);
        assertFalse(c.significant());
        assertTrue(c.verdict("A1", "A2").startsWith("no significant difference"), c.verdict("A1", "A2"));
    }

    /**
     * The one-way ANOVA example of its Wikipedia article: group means 5, 9 and 10, SS_between 84 on 2
     * degrees of freedom, SS_within 68 on 15, so F = 42 / (68/15). With 2 numerator degrees of freedom the
     * F distribution's tail has the closed form (1 + 2F/d2)^(-d2/2), the p-value to match.
     */
    @Test
    void anovaMatchesTheWorkedExample() {
        List<double[]> groups = List.of(new double[] {6, 8, 4, 5, 3, 4}, new double[] {8, 12, 9, 11, 6, 8},
                new double[] {13, 9, 11, 8, 7, 12});
        AnovaComparison c = AnovaComparison.of(groups);
        double f = 42 / (68.0 / 15);
        assertEquals(f, c.f(), 1e-9);
        assertEquals(Math.pow(1 + 2 * f / 15, -7.5), c.pValue(), 1e-9);
        assertTrue(c.significant());
        assertEquals(List.of(5.0, 9.0, 10.0), c.groups().stream().map(SampleSummary::mean).toList());
    }

    @Test
    void anovaOnAlternativesThatDoNotDifferClaimsNothing() {
        AnovaComparison c = AnovaComparison.of(List.of(new double[] {10, 12, 11}, new double[] {11, 10, 12},
                new double[] {12, 11, 10}));
        assertFalse(c.significant());
        assertTrue(c.verdict().startsWith("no significant difference among the 3"), c.verdict());
    }
}
