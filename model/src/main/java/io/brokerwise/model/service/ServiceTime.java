package io.brokerwise.model.service;

/** The first three raw moments of a broker's service time B, in s, s^2 and s^3. */
public record ServiceTime(double mean, double secondMoment, double thirdMoment) {

    public static ServiceTime deterministic(double seconds) {
        return new ServiceTime(seconds, seconds * seconds, seconds * seconds * seconds);
    }

    /** Exponentially distributed with the given mean: E[B^k] = k! E[B]^k. */
    public static ServiceTime exponential(double mean) {
        return new ServiceTime(mean, 2 * mean * mean, 6 * mean * mean * mean);
    }

    public double variance() {
        return Math.max(0, secondMoment - mean * mean);
    }

    /** Coefficient of variation, eq. 5.36. */
    public double coefficientOfVariation() {
        return Math.sqrt(variance()) / mean;
    }

    /** The same distribution stretched to the given mean: the k-th moment scales with the factor's k-th power. */
    public ServiceTime stretchedTo(double newMean) {
        double factor = newMean / mean;
        return new ServiceTime(newMean, secondMoment * factor * factor, thirdMoment * factor * factor * factor);
    }
}
