package io.brokerwise.model.queue;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;

/**
 * Discrete-time analysis of the GI/GI/1 queue with bounded delay (sec. 5.1.3, eqs. 5.26 to 5.30): the
 * inter-arrival and service times are discretized to a unit u, and the distribution of the unfinished
 * work seen by an arrival is iterated, {@code U+ = min(U- + B, Dmax)}, {@code U- = max(U+ - A, 0)},
 * until two iterations differ by less than epsilon_c. Slow (it is a reference, not a planning tool)
 * and only trustworthy at small to medium utilization and variability, as the dissertation shows.
 */
public final class DiscreteTimeAnalysis implements WaitingTimeDistribution {

    /** The dissertation's settings: n_u, epsilon_f, epsilon_d, epsilon_c. */
    public record Settings(int unitsPerMeanArrival, double truncation, double overflow, double convergence,
                           int maxIterations) {
        public static Settings dissertation() {
            return new Settings(100, 1e-4, 1e-10, 1e-8, 200_000);
        }
    }

    private final double unit;
    private final double[] waiting;
    private final double[] cumulative;
    private final int iterations;

    private DiscreteTimeAnalysis(double unit, double[] waiting, int iterations) {
        this.unit = unit;
        this.waiting = waiting;
        this.iterations = iterations;
        this.cumulative = new double[waiting.length];
        double sum = 0;
        for (int i = 0; i < waiting.length; i++) {
            sum += waiting[i];
            cumulative[i] = sum;
        }
    }

    /**
     * M/GI/1: exponential inter-arrival times with the given mean, service times with the given
     * distribution function (seconds to probability).
     */
    public static DiscreteTimeAnalysis poissonArrivals(double meanInterArrival, DoubleUnaryOperator serviceCdf,
                                                       Settings settings) {
        double unit = meanInterArrival / settings.unitsPerMeanArrival();
        double[] a = discretize(t -> 1 - Math.exp(-t / meanInterArrival), unit, settings.truncation());
        double[] b = discretize(serviceCdf, unit, settings.truncation());
        return solve(unit, a, b, settings);
    }

    /** Eqs. 5.29, 5.30: P(X' = k) = F(k u) - F((k-1) u) for k >= 1, with the mass beyond t_max at t_max. */
    static double[] discretize(DoubleUnaryOperator cdf, double unit, double truncation) {
        int k = 1;
        while (1 - cdf.applyAsDouble(k * unit) >= truncation) {
            k++;
        }
        double[] p = new double[k + 1];
        for (int i = 1; i < k; i++) {
            p[i] = cdf.applyAsDouble(i * unit) - cdf.applyAsDouble((i - 1) * unit);
        }
        p[k] = 1 - cdf.applyAsDouble((k - 1) * unit);
        return p;
    }

    private static DiscreteTimeAnalysis solve(double unit, double[] a, double[] b, Settings settings) {
        int bound = 4 * Math.max(a.length, b.length);
        double[] w = new double[bound + 1];
        w[0] = 1;
        for (int it = 1; it <= settings.maxIterations(); it++) {
            double[] after = addService(w, b, bound);
            if (after[bound] >= settings.overflow()) {
                // Dmax too small: the bounded queue would lose work the infinite one keeps. Grow and go on.
                bound *= 2;
                w = Arrays.copyOf(w, bound + 1);
                continue;
            }
            double[] next = subtractArrival(after, a);
            double change = maxDifference(w, next);
            w = next;
            if (change < settings.convergence()) {
                return new DiscreteTimeAnalysis(unit, w, it);
            }
        }
        throw new IllegalStateException("DTA did not converge in " + settings.maxIterations() + " iterations");
    }

    /** U+ = min(U- + B, Dmax). */
    private static double[] addService(double[] w, double[] b, int bound) {
        double[] out = new double[bound + 1];
        for (int i = 0; i < w.length; i++) {
            if (w[i] == 0) {
                continue;
            }
            for (int k = 0; k < b.length; k++) {
                out[Math.min(i + k, bound)] += w[i] * b[k];
            }
        }
        return out;
    }

    /** U- = max(U+ - A, 0). */
    private static double[] subtractArrival(double[] u, double[] a) {
        double[] out = new double[u.length];
        for (int i = 0; i < u.length; i++) {
            if (u[i] == 0) {
                continue;
            }
            for (int k = 0; k < a.length; k++) {
                out[Math.max(i - k, 0)] += u[i] * a[k];
            }
        }
        return out;
    }

    private static double maxDifference(double[] x, double[] y) {
        double max = 0;
        for (int i = 0; i < y.length; i++) {
            max = Math.max(max, Math.abs((i < x.length ? x[i] : 0) - y[i]));
        }
        return max;
    }

    public int iterations() {
        return iterations;
    }

    @Override
    public double cdf(double t) {
        if (t < 0) {
            return 0;
        }
        int i = (int) Math.floor(t / unit);
        return i >= cumulative.length ? 1 : cumulative[i];
    }

    @Override
    public double ccdf(double t) {
        if (t < 0) {
            return 1;
        }
        int i = (int) Math.floor(t / unit);
        double tail = 0;
        for (int j = waiting.length - 1; j > i; j--) {
            tail += waiting[j];
        }
        return tail;
    }

    /** The p-quantile, interpolated linearly within a unit so that it is not rounded to whole units. */
    @Override
    public double quantile(double p) {
        for (int i = 0; i < cumulative.length; i++) {
            if (cumulative[i] >= p) {
                return i == 0 ? 0 : (i - 1 + (p - cumulative[i - 1]) / waiting[i]) * unit;
            }
        }
        return (cumulative.length - 1) * unit;
    }

    @Override
    public double mean() {
        double sum = 0;
        for (int i = 0; i < waiting.length; i++) {
            sum += i * unit * waiting[i];
        }
        return sum;
    }
}
