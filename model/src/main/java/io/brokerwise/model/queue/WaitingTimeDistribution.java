package io.brokerwise.model.queue;

/** The distribution of a message's waiting time W before service, in seconds. */
public interface WaitingTimeDistribution {

    /** P(W <= t). */
    double cdf(double t);

    /** P(W > t); implementations compute it directly so that deep tails keep their precision. */
    double ccdf(double t);

    /** The p-quantile: the smallest t with P(W <= t) >= p. */
    double quantile(double p);

    double mean();
}
