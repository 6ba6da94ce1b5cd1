package io.brokerwise.model.queue;

/**
 * E[W] and E[W^2] over all messages, and the probability rho that a message waits at all; from them
 * the moments of the waiting customers' time (eqs. 5.4, 5.5).
 */
public record WaitingTimeMoments(double mean, double secondMoment, double waitingProbability) {

    public double waitingCustomersMean() {
        return mean / waitingProbability;
    }

    public double waitingCustomersSecondMoment() {
        return secondMoment / waitingProbability;
    }
}
