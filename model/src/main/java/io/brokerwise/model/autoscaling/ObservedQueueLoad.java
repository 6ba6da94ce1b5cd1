package io.brokerwise.model.autoscaling;

import io.brokerwise.model.replicatedqueue.QueueWorkload;

/**
 * A replicated queue's load as its brokers counted it over one window, summed over its replicas: the producers and
 * the consumers attached (each at its home replica), the messages sent to it and taken from it per second, and the
 * messages waiting at the end.
 */
public record ObservedQueueLoad(long producers, long consumers, double arrivalRate, double departureRate,
                                long depth) {

    /**
     * The declared queue with the observed producers, rate and consumers; the consumers' own speed, their selectors
     * and the message size stay as declared, since the counts do not show them. A queue nothing was sent to is one
     * producer at a vanishing rate, so that the planner sees no load.
     */
    public QueueWorkload asWorkload(QueueWorkload declared) {
        long sending = Math.max(1, producers);
        double rate = arrivalRate > 0 ? arrivalRate / sending : Double.MIN_NORMAL;
        return new QueueWorkload(declared.name(), sending, rate, consumers, declared.ratePerConsumer(),
                declared.selectorComponents(), declared.distinctSelectors(), declared.messageSizeBytes());
    }
}
