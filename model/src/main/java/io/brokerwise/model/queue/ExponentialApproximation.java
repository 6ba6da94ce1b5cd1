package io.brokerwise.model.queue;

/**
 * The exponential approximation {@code P(W > t) = a e^(-eta t)} for M/Gamma/1 (eqs. 5.11 to 5.13), kept
 * for comparison: good only at high utilization. Eq. 5.12 gives eta in units of 1/E[B].
 */
public final class ExponentialApproximation implements WaitingTimeDistribution {

    private final double eta;
    private final double a;
    private final double mean;

    public ExponentialApproximation(MG1Queue queue) {
        double rho = queue.utilization();
        double c2 = Math.pow(queue.serviceTime().coefficientOfVariation(), 2);
        double etaPerService = 2 * (1 - rho) / (1 + c2) * (1 - (1 - rho) * (1 - c2) / (3 * (1 + c2)));
        this.mean = queue.waitingTimeMoments().mean();
        this.eta = etaPerService / queue.serviceTime().mean();
        this.a = eta * mean;
    }

    @Override
    public double cdf(double t) {
        return 1 - ccdf(t);
    }

    @Override
    public double ccdf(double t) {
        return t < 0 ? 1 : Math.min(1, a * Math.exp(-eta * t));
    }

    @Override
    public double quantile(double p) {
        return Math.max(0, Math.log(a / (1 - p)) / eta);
    }

    @Override
    public double mean() {
        return mean;
    }
}
