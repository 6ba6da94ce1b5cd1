package io.brokerwise.model.queue;

import org.hipparchus.special.Gamma;

/**
 * Exact M/D/1 waiting time (eq. 5.9, Erlang). Erlang's usual form for P(W <= t) is an alternating
 * sum whose terms grow like e^(lambda t) and cancel, so it loses all precision at the 99.999%
 * quantile. Eq. 5.9 is its complement,
 * {@code P(W > t) = (1-rho) sum_{n > t/D} e^(-lambda(nD-t)) (lambda(nD-t))^n / n!},
 * a sum of positive terms: summed in log space it is stable for any t and any rho < 1.
 */
public record MD1WaitingTime(double rho, double serviceTime) implements WaitingTimeDistribution {

    private static final double RELATIVE_TAIL = 1e-16;

    public MD1WaitingTime {
        if (!(rho > 0 && rho < 1) || !(serviceTime > 0)) {
            throw new IllegalArgumentException("need 0 < rho < 1 and D > 0, got rho=" + rho + ", D=" + serviceTime);
        }
    }

    @Override
    public double cdf(double t) {
        return 1 - ccdf(t);
    }

    @Override
    public double ccdf(double t) {
        return t < 0 ? 1 : Math.exp(logCcdf(t));
    }

    /** ln P(W > t) by log-sum-exp over the terms of eq. 5.9. */
    double logCcdf(double t) {
        double lambda = rho / serviceTime;
        long n = (long) Math.floor(t / serviceTime) + 1;
        double logFactorial = Gamma.logGamma(n + 1.0);
        // The ratio of successive terms rises towards rho e^(1-rho) < 1; it bounds the tail left out.
        double limitRatio = rho * Math.exp(1 - rho);
        double stopBelow = Math.log(RELATIVE_TAIL * (1 - limitRatio) / limitRatio);
        double logSum = Double.NEGATIVE_INFINITY;
        double previous = Double.NEGATIVE_INFINITY;
        for (;; n++) {
            double x = lambda * (n * serviceTime - t);
            double term = x > 0 ? -x + n * Math.log(x) - logFactorial : Double.NEGATIVE_INFINITY;
            logSum = logAddExp(logSum, term);
            if (term < previous && term - logSum < stopBelow) {
                break;
            }
            previous = term;
            logFactorial += Math.log(n + 1.0);
        }
        return Math.log1p(-rho) + logSum;
    }

    @Override
    public double quantile(double p) {
        return p <= 1 - rho ? 0 : TailQuantile.solve(this::logCcdf, 1 - p, serviceTime);
    }

    @Override
    public double mean() {
        return rho * serviceTime / (2 * (1 - rho));
    }

    private static double logAddExp(double a, double b) {
        if (a == Double.NEGATIVE_INFINITY) {
            return b;
        }
        if (b == Double.NEGATIVE_INFINITY) {
            return a;
        }
        double max = Math.max(a, b);
        return max + Math.log1p(Math.exp(-Math.abs(a - b)));
    }
}
