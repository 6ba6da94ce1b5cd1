package io.brokerwise.model.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.stats.ToleranceVerdict.Outcome;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class ToleranceVerdictTest {

    /** Whatever the runs, an interval that straddles a bound of the band is never "within tolerance". */
    @Property(tries = 2000)
    void neverWithinWhenTheIntervalStraddlesABound(
            @ForAll @Size(min = 2, max = 12) double[] runs, @ForAll @DoubleRange(min = -50, max = 50) double lower,
            @ForAll @DoubleRange(min = 0, max = 50) double width) {
        SampleSummary s = SampleSummary.of(scaled(runs));
        ToleranceVerdict v = ToleranceVerdict.judge(s, lower, lower + width);
        if (straddles(s, lower) || straddles(s, lower + width)) {
            assertNotEquals(Outcome.WITHIN, v.outcome(), s + " against " + lower + ".." + (lower + width));
            assertEquals(Outcome.INCONCLUSIVE, v.outcome());
        }
        if (v.outcome() == Outcome.WITHIN) {
            assertTrue(s.lower() >= lower && s.upper() <= lower + width);
        }
    }

    /**
     * The runs an inconclusive verdict asks for settle it, and one fewer would not: with the same mean and
     * spread over that many more runs, the interval no longer straddles the bound.
     */
    @Property(tries = 500)
    void theMoreRunsAnInconclusiveVerdictNamesAreTheFewestThatSettleIt(
            @ForAll @IntRange(min = 2, max = 10) int n, @ForAll @DoubleRange(min = 0.01, max = 0.2) double sd,
            @ForAll @DoubleRange(min = 0.8, max = 1.2) double mean) {
        ToleranceVerdict v = ToleranceVerdict.judge(summary(n, mean, sd), 0.9, 1.1);
        if (v.outcome() != Outcome.INCONCLUSIVE || v.moreRuns() == Integer.MAX_VALUE) {
            return;
        }
        int settled = n + v.moreRuns();
        assertNotEquals(Outcome.INCONCLUSIVE, ToleranceVerdict.judge(summary(settled, mean, sd), 0.9, 1.1).outcome());
        assertEquals(Outcome.INCONCLUSIVE, ToleranceVerdict.judge(summary(settled - 1, mean, sd), 0.9, 1.1).outcome());
    }

    @Test
    void readsAsTheThreeVerdicts() {
        assertEquals("within tolerance", ToleranceVerdict.judge(SampleSummary.of(1.01, 0.99, 1.0), 0.9, 1.1).text());
        assertEquals("outside tolerance", ToleranceVerdict.judge(SampleSummary.of(1.31, 1.29, 1.3), 0.9, 1.1).text());
        ToleranceVerdict v = ToleranceVerdict.judge(SampleSummary.of(0.62, 1.18, 1.03), 0.9, 1.1);
        assertTrue(v.text().matches("inconclusive: \\d+ more runs would settle it"), v.text());
    }

    private static SampleSummary summary(int n, double mean, double sd) {
        double h = SampleSummary.halfWidth(n, sd, SampleSummary.CONFIDENCE);
        return new SampleSummary(n, mean, sd, SampleSummary.CONFIDENCE, mean - h, mean + h);
    }

    private static boolean straddles(SampleSummary s, double bound) {
        return s.lower() < bound && bound < s.upper();
    }

    /** jqwik's doubles span the whole range; runs of a benchmark figure are finite and of one scale. */
    private static double[] scaled(double[] runs) {
        double[] out = new double[runs.length];
        for (int i = 0; i < runs.length; i++) {
            out[i] = Double.isFinite(runs[i]) ? Math.IEEEremainder(runs[i], 100) : 0;
        }
        return out;
    }
}
