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

    /**
     * B + c: every message costs {@code seconds} more. The raw moments of a shifted variable are binomial sums:
     * E[(B+c)^2] = E[B^2] + 2c E[B] + c^2, E[(B+c)^3] = E[B^3] + 3c E[B^2] + 3c^2 E[B] + c^3.
     */
    public ServiceTime plus(double seconds) {
        if (seconds == 0) {
            return this;
        }
        double c = seconds;
        return new ServiceTime(mean + c, secondMoment + 2 * c * mean + c * c,
                thirdMoment + 3 * c * secondMoment + 3 * c * c * mean + c * c * c);
    }

    /**
     * The service time of a message drawn from several kinds, kind i with probability {@code weights[i] / sum}: each
     * raw moment is the weighted mean of the kinds' (a mixture's moments are those of its parts, weighted). Messages
     * of several destinations reach a broker as one Poisson stream whose kinds are mixed in proportion to their
     * rates, so the weights are those rates. One kind is itself.
     */
    public static ServiceTime mixture(double[] weights, ServiceTime[] kinds) {
        if (weights.length != kinds.length || kinds.length == 0) {
            throw new IllegalArgumentException("need one weight per kind and at least one kind");
        }
        if (kinds.length == 1) {
            return kinds[0];
        }
        double total = 0;
        double[] m = new double[3];
        for (int i = 0; i < weights.length; i++) {
            ServiceTime b = kinds[i];
            total += weights[i];
            m[0] += weights[i] * b.mean;
            m[1] += weights[i] * b.secondMoment;
            m[2] += weights[i] * b.thirdMoment;
        }
        if (!(total > 0)) {
            throw new IllegalArgumentException("a mixture needs a positive total weight, got " + total);
        }
        return new ServiceTime(m[0] / total, m[1] / total, m[2] / total);
    }

    /** The same distribution stretched to the given mean: the k-th moment scales with the factor's k-th power. */
    public ServiceTime stretchedTo(double newMean) {
        double factor = newMean / mean;
        return new ServiceTime(newMean, secondMoment * factor * factor, thirdMoment * factor * factor * factor);
    }
}
