package io.brokerwise.model.stats;

import java.util.Locale;
import org.hipparchus.distribution.continuous.TDistribution;
import org.hipparchus.stat.descriptive.StreamingStatistics;

/**
 * Repeated measurements of one figure: their mean, standard deviation, and a confidence interval for
 * the mean from Student's t with n - 1 degrees of freedom, which holds for few runs of roughly normal
 * results, as benchmark repeats are (Mupparaju, "Performance Evaluation and Comparison of Distributed
 * Messaging Using Message Oriented Middleware", 2013, sec. 5.8, judges its runs with t-tests and ANOVA).
 */
public record SampleSummary(int n, double mean, double standardDeviation, double confidence, double lower, double upper) {

    /** The level of every interval and test here: claims are made at p < 0.05. */
    public static final double CONFIDENCE = 0.95;
    public static final double ALPHA = 0.05;

    /** The summary with a 95% interval. */
    public static SampleSummary of(double... values) {
        if (values.length < 2) {
            throw new IllegalArgumentException("an interval needs at least 2 runs, got " + values.length);
        }
        StreamingStatistics stats = new StreamingStatistics();
        for (double v : values) {
            stats.addValue(v);
        }
        double halfWidth = halfWidth(values.length, stats.getStandardDeviation(), CONFIDENCE);
        return new SampleSummary(values.length, stats.getMean(), stats.getStandardDeviation(), CONFIDENCE,
                stats.getMean() - halfWidth, stats.getMean() + halfWidth);
    }

    /** t_{n-1, (1+c)/2} s / sqrt(n): the half-width of the interval n runs of this spread would give. */
    static double halfWidth(int n, double standardDeviation, double confidence) {
        return new TDistribution(n - 1).inverseCumulativeProbability((1 + confidence) / 2)
                * standardDeviation / Math.sqrt(n);
    }

    public double halfWidth() {
        return (upper - lower) / 2;
    }

    public boolean covers(double x) {
        return lower <= x && x <= upper;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.4g ± %.2g (%.0f%% CI %.4g to %.4g, sd %.2g, n = %d)", mean, halfWidth(),
                confidence * 100, lower, upper, standardDeviation, n);
    }
}
