package io.brokerwise.measure.delivery;

import java.util.List;

/**
 * One subscriber's count: of the {@code expected} messages published to its selector, {@code received} arrived at
 * least once and {@code duplicates} more than once (their second arrivals {@code duplicated}, by when); the rest are
 * {@code missing}, by when they were sent.
 */
public record SubscriberDelivery(int subscriber, String selector, int group, List<String> brokers, long expected,
                                 long received, long duplicates, List<MessageSpan> missing,
                                 List<MessageSpan> duplicated) {

    public long lost() {
        return expected - received;
    }
}
