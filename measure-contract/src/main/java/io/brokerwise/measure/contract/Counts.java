package io.brokerwise.measure.contract;

import java.util.List;

/**
 * The exactness check of a run: the brokers received every copy the publishers sent, dispatched every copy
 * the subscribers got, and the subscribers got exactly what their selectors match. A duplicate or a loss
 * shows as a mismatch, never as a rate.
 */
public record Counts(boolean match, List<String> problems) {

    public static final String PREFIX = "counts differ: ";

    /**
     * @param brokerReported the brokers' own counts, or empty when this process did not read them
     * @param expected       deliveries the selectors call for, or negative when this process cannot know
     */
    public static Counts check(long copiesSent, long delivered, long expected, List<BrokerCounts> brokerReported) {
        long received = brokerReported.stream().mapToLong(BrokerCounts::received).sum();
        long dispatched = brokerReported.stream().mapToLong(BrokerCounts::dispatched).sum();
        boolean brokersAgree = brokerReported.isEmpty() || received == copiesSent && dispatched == delivered;
        boolean match = brokersAgree && (expected < 0 || delivered == expected);
        return new Counts(match, match ? List.of() : List.of(PREFIX + "sent " + copiesSent + " copies, brokers received "
                + (brokerReported.isEmpty() ? "?" : received) + "; delivered " + delivered + ", brokers dispatched "
                + (brokerReported.isEmpty() ? "?" : dispatched) + ", expected " + (expected < 0 ? "?" : expected)));
    }
}
