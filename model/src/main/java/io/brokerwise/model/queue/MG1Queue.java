package io.brokerwise.model.queue;

import io.brokerwise.model.service.ServiceTime;

/**
 * A broker as an M/GI/1 queue (sec. 5.2.2): Poisson arrivals at {@code arrivalRate} msgs/s and a
 * general service time known by its first three moments.
 */
public record MG1Queue(double arrivalRate, ServiceTime serviceTime) {

    public MG1Queue {
        if (!(arrivalRate >= 0) || Double.isInfinite(arrivalRate)) {
            throw new IllegalArgumentException("arrival rate must be finite and >= 0, got " + arrivalRate);
        }
    }

    /** rho = lambda E[B]. */
    public double utilization() {
        return arrivalRate * serviceTime.mean();
    }

    public boolean stable() {
        return utilization() < 1;
    }

    /**
     * E[W] and E[W^2] by Takacs' recursion (eq. 5.1 with its last factor E[W^(k-i)], not E[B^(k-i)]):
     * {@code E[W^k] = lambda/(1-rho) sum_{i=1..k} C(k,i) E[B^(i+1)]/(i+1) E[W^(k-i)]}. For k = 1 this is
     * eq. 5.2 without the stray E[B] of the printed equation (docs/models.md); for k = 2 it is eq. 5.3.
     */
    public WaitingTimeMoments waitingTimeMoments() {
        if (!stable()) {
            throw new IllegalStateException("queue is unstable: utilization " + utilization() + " >= 1");
        }
        double[] b = {1, serviceTime.mean(), serviceTime.secondMoment(), serviceTime.thirdMoment()};
        double factor = arrivalRate / (1 - utilization());
        double[] w = new double[3];
        w[0] = 1;
        for (int k = 1; k <= 2; k++) {
            double sum = 0;
            for (int i = 1; i <= k; i++) {
                sum += binomial(k, i) * b[i + 1] / (i + 1) * w[k - i];
            }
            w[k] = factor * sum;
        }
        return new WaitingTimeMoments(w[1], w[2], utilization());
    }

    private static double binomial(int n, int k) {
        return k == 0 || k == n ? 1 : n;
    }
}
