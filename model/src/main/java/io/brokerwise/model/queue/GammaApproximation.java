package io.brokerwise.model.queue;

import org.hipparchus.special.Gamma;

/**
 * The Gamma-approximation of the M/GI/1 waiting time (sec. 5.1.2): the waiting customers' time is
 * taken as Gamma(alpha, beta) with their first two moments (eqs. 5.23, 5.24), and
 * {@code P(W <= t) = 1 - rho + rho F_Gamma(t)} (eq. 5.25). Closed form: cheap enough for a control loop.
 * Exact for exponential service times, where alpha = 1.
 */
public final class GammaApproximation implements WaitingTimeDistribution {

    private final double rho;
    private final double alpha;
    private final double beta;
    private final double mean;

    public GammaApproximation(WaitingTimeMoments moments) {
        this.rho = moments.waitingProbability();
        this.mean = moments.mean();
        double m1 = moments.waitingCustomersMean();
        double variance = moments.waitingCustomersSecondMoment() - m1 * m1;
        this.alpha = m1 * m1 / variance;
        this.beta = m1 / alpha;
    }

    public static GammaApproximation of(MG1Queue queue) {
        return new GammaApproximation(queue.waitingTimeMoments());
    }

    public double shape() {
        return alpha;
    }

    public double scale() {
        return beta;
    }

    @Override
    public double cdf(double t) {
        return 1 - ccdf(t);
    }

    @Override
    public double ccdf(double t) {
        if (rho == 0) {
            return 0;
        }
        return t < 0 ? 1 : rho * Gamma.regularizedGammaQ(alpha, t / beta);
    }

    @Override
    public double quantile(double p) {
        if (rho == 0 || p <= 1 - rho) {
            return 0;
        }
        return TailQuantile.solve(t -> Math.log(ccdf(t)), 1 - p, mean + beta);
    }

    @Override
    public double mean() {
        return mean;
    }
}
