package io.brokerwise.measure.delivery;

import java.util.List;

/**
 * One subscriber's count: of the {@code expected} messages published to its selector on its {@code topic},
 * {@code received} arrived at least once and {@code duplicates} more than once (their second arrivals
 * {@code duplicated}, by when); the rest are {@code missing}, by when they were sent. A {@code durable} subscriber
 * holds an unshared durable subscription, and its topic's messages are persistent.
 */
public record SubscriberDelivery(int subscriber, String topic, boolean durable, String selector, int group,
                                 List<String> brokers, long expected,
                                 long received, long duplicates, List<MessageSpan> missing,
                                 List<MessageSpan> duplicated) {

    public long lost() {
        return expected - received;
    }
}
