package io.brokerwise.measure.delivery;

/**
 * The count of a delivery check's replicated queue: what its producers sent (sends that returned), what its
 * consumers took once, the sends not taken (lost) and the messages taken twice; sends that failed are not counted
 * as sent.
 */
public record QueueDelivery(String queue, int producers, int consumers, long sent, long sendFailures, long taken,
                            long lost, long duplicates) {
}
