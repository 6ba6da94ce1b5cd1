package io.brokerwise.model.replication;

import java.util.function.DoubleUnaryOperator;

/**
 * The number R of copies a broker dispatches per received message, by its first three raw moments:
 * that is all the waiting-time model needs (Takacs, eqs. 5.2 and 5.3) while B is linear in R. A service
 * time that is not (model SublinearDispatch) needs the expectation of other functions of R as well.
 */
public sealed interface ReplicationGrade
        permits ReplicationGrade.Deterministic, ReplicationGrade.ScaledBernoulli, ReplicationGrade.Binomial {

    double mean();

    double secondMoment();

    double thirdMoment();

    /** E[f(R)], exactly as the distribution gives it. */
    double expectation(DoubleUnaryOperator f);

    static ReplicationGrade deterministic(double r) {
        return new Deterministic(r);
    }

    /** R is always r (eqs. 5.37, 5.38): the service time does not vary. */
    record Deterministic(double r) implements ReplicationGrade {
        public Deterministic {
            requireNonNegative(r, "replication grade");
        }

        public double mean() {
            return r;
        }

        public double secondMoment() {
            return r * r;
        }

        public double thirdMoment() {
            return r * r * r;
        }

        public double expectation(DoubleUnaryOperator f) {
            return f.applyAsDouble(r);
        }
    }

    /** All n filters match with probability p, else none (eqs. 5.39 to 5.41): E[R^k] = p n^k. */
    record ScaledBernoulli(double filters, double p) implements ReplicationGrade {
        public ScaledBernoulli {
            requireNonNegative(filters, "filters");
            requireProbability(p);
        }

        public double mean() {
            return p * filters;
        }

        public double secondMoment() {
            return p * filters * filters;
        }

        public double thirdMoment() {
            return p * filters * filters * filters;
        }

        public double expectation(DoubleUnaryOperator f) {
            return p * f.applyAsDouble(filters) + (1 - p) * f.applyAsDouble(0);
        }
    }

    /**
     * Each of n filters matches independently with probability p (eq. 5.42). The raw moments come
     * from the factorial moments {@code E[R(R-1)...(R-j+1)] = n(n-1)...(n-j+1) p^j}; eqs. 5.43 and
     * 5.44 as printed in the dissertation are not raw moments and must not be used.
     */
    record Binomial(double filters, double p) implements ReplicationGrade {

        /** Weight, relative to the mode's, below which the rest of a tail no longer changes a double. */
        private static final double NEGLIGIBLE = 1e-30;

        public Binomial {
            requireNonNegative(filters, "filters");
            requireProbability(p);
        }

        public double mean() {
            return filters * p;
        }

        public double secondMoment() {
            return filters * (filters - 1) * p * p + filters * p;
        }

        public double thirdMoment() {
            double n = filters;
            return n * (n - 1) * (n - 2) * p * p * p + 3 * n * (n - 1) * p * p + n * p;
        }

        /**
         * The sum over the probability mass function, from the mode outwards until a value's probability
         * falls below 1e-30 of the mode's: the weights come from the ratio {@code P(k+1)/P(k) =
         * (n-k)/(k+1) p/(1-p)} and are normalized by their sum, so no factorial of a large n is formed and
         * the work grows with the standard deviation, not with n.
         */
        public double expectation(DoubleUnaryOperator f) {
            if (filters != Math.rint(filters)) {
                throw new IllegalArgumentException("a binomial replication grade needs a whole number of filters, got "
                        + filters);
            }
            if (p == 0 || p == 1) {
                return f.applyAsDouble(p * filters);
            }
            double odds = p / (1 - p);
            double mode = Math.min(filters, Math.floor((filters + 1) * p));
            double sum = f.applyAsDouble(mode);
            double weights = 1;
            double w = 1;
            for (double k = mode; k < filters && w >= NEGLIGIBLE; k++) {
                w *= (filters - k) / (k + 1) * odds;
                sum += w * f.applyAsDouble(k + 1);
                weights += w;
            }
            w = 1;
            for (double k = mode; k > 0 && w >= NEGLIGIBLE; k--) {
                w *= k / (filters - k + 1) / odds;
                sum += w * f.applyAsDouble(k - 1);
                weights += w;
            }
            return sum / weights;
        }
    }

    private static void requireNonNegative(double value, String what) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(what + " must be a finite number >= 0, got " + value);
        }
    }

    private static void requireProbability(double p) {
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException("match probability must be in [0, 1], got " + p);
        }
    }
}
