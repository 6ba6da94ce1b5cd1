package io.brokerwise.model.stats;

import java.util.Locale;
import org.hipparchus.stat.inference.TTest;

/**
 * "A beats B" for repeated runs of two alternatives, by Welch's t-test: two-sided, without assuming the
 * two spreads are equal (a layout near saturation varies more than one with room to spare). A larger
 * mean beats a smaller one only at p < 0.05; for figures where less is better, compare them the other
 * way round.
 */
public record WelchComparison(SampleSummary a, SampleSummary b, double t, double pValue) {

    public static WelchComparison of(double[] a, double[] b) {
        TTest test = new TTest();
        return new WelchComparison(SampleSummary.of(a), SampleSummary.of(b), test.t(a, b), test.tTest(a, b));
    }

    public boolean significant() {
        return pValue < SampleSummary.ALPHA;
    }

    public boolean aBeatsB() {
        return significant() && a.mean() > b.mean();
    }

    public boolean bBeatsA() {
        return significant() && b.mean() > a.mean();
    }

    /** "A beats B (Welch p = 0.021)", or that the runs cannot tell them apart. */
    public String verdict(String nameA, String nameB) {
        String p = String.format(Locale.ROOT, "Welch p = %.2g", pValue);
        if (aBeatsB()) {
            return nameA + " beats " + nameB + " (" + p + ")";
        }
        return bBeatsA() ? nameB + " beats " + nameA + " (" + p + ")"
                : "no significant difference between " + nameA + " and " + nameB + " (" + p + ")";
    }
}
