package io.brokerwise.model.stats;

/**
 * Whether repeated runs put a figure within a tolerance band (for example measured over predicted
 * capacity within 1 +- 0.1): within when the whole confidence interval lies in the band, outside when
 * none of it does, and otherwise inconclusive, with how many more runs of the same spread would shrink
 * the interval off the bound it straddles. A point estimate alone would call a coin toss.
 *
 * @param moreRuns for an inconclusive verdict, the runs to add; {@link Integer#MAX_VALUE} when the mean sits
 *                 on the bound, where no number of runs settles it; 0 otherwise
 */
public record ToleranceVerdict(Outcome outcome, SampleSummary sample, double lowerBound, double upperBound, int moreRuns) {

    public enum Outcome { WITHIN, OUTSIDE, INCONCLUSIVE }

    public static ToleranceVerdict judge(SampleSummary sample, double lowerBound, double upperBound) {
        if (!(lowerBound <= upperBound)) {
            throw new IllegalArgumentException("the band needs lower <= upper, got " + lowerBound + ", " + upperBound);
        }
        if (sample.lower() >= lowerBound && sample.upper() <= upperBound) {
            return new ToleranceVerdict(Outcome.WITHIN, sample, lowerBound, upperBound, 0);
        }
        if (sample.upper() < lowerBound || sample.lower() > upperBound) {
            return new ToleranceVerdict(Outcome.OUTSIDE, sample, lowerBound, upperBound, 0);
        }
        // the interval straddles a bound; the nearer one to the mean is the one it must shrink off
        double distance = Math.min(Math.abs(sample.mean() - lowerBound), Math.abs(sample.mean() - upperBound));
        return new ToleranceVerdict(Outcome.INCONCLUSIVE, sample, lowerBound, upperBound, moreRuns(sample, distance));
    }

    /**
     * The fewest added runs after which an interval of the same spread is narrower than {@code distance}.
     * With the t quantile of n runs, N = n (h / d)^2 suffices, since the quantile only falls as runs are
     * added; bisection finds the fewest below it.
     */
    static int moreRuns(SampleSummary sample, double distance) {
        if (!(distance > 0)) {
            return Integer.MAX_VALUE;
        }
        double bound = Math.ceil(sample.n() * Math.pow(sample.halfWidth() / distance, 2));
        if (bound >= Integer.MAX_VALUE) {
            return Integer.MAX_VALUE;
        }
        int lo = sample.n();
        int hi = Math.max((int) bound, lo + 1);
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (SampleSummary.halfWidth(mid, sample.standardDeviation(), sample.confidence()) < distance) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi - sample.n();
    }

    public String text() {
        return switch (outcome) {
            case WITHIN -> "within tolerance";
            case OUTSIDE -> "outside tolerance";
            case INCONCLUSIVE -> moreRuns == Integer.MAX_VALUE
                    ? "inconclusive: the mean sits on the bound, so no number of runs would settle it"
                    : "inconclusive: " + moreRuns + " more run" + (moreRuns == 1 ? "" : "s") + " would settle it";
        };
    }
}
