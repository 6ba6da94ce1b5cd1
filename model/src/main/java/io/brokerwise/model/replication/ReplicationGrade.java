package io.brokerwise.model.replication;

/**
 * The number R of copies a broker dispatches per received message, by its first three raw moments:
 * that is all the waiting-time model needs (Takacs, eqs. 5.2 and 5.3).
 */
public sealed interface ReplicationGrade
        permits ReplicationGrade.Deterministic, ReplicationGrade.ScaledBernoulli, ReplicationGrade.Binomial {

    double mean();

    double secondMoment();

    double thirdMoment();

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
    }

    /**
     * Each of n filters matches independently with probability p (eq. 5.42). The raw moments come
     * from the factorial moments {@code E[R(R-1)...(R-j+1)] = n(n-1)...(n-j+1) p^j}; eqs. 5.43 and
     * 5.44 as printed in the dissertation are not raw moments and must not be used.
     */
    record Binomial(double filters, double p) implements ReplicationGrade {
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
