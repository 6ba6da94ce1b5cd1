package io.brokerwise.model.queue;

/** Exact M/M/1 waiting time, eq. 5.8: {@code P(W > t) = rho e^(-(1-rho) t / E[B])}. */
public record MM1WaitingTime(double rho, double meanService) implements WaitingTimeDistribution {

    @Override
    public double cdf(double t) {
        return 1 - ccdf(t);
    }

    @Override
    public double ccdf(double t) {
        return t < 0 ? 1 : rho * Math.exp(-(1 - rho) * t / meanService);
    }

    @Override
    public double quantile(double p) {
        return p <= 1 - rho ? 0 : meanService / (1 - rho) * Math.log(rho / (1 - p));
    }

    @Override
    public double mean() {
        return rho / (1 - rho) * meanService;
    }
}
