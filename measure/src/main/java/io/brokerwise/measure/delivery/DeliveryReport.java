package io.brokerwise.measure.delivery;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.stream.IntStream;

/**
 * What a delivery check prints when it ends, as one line: when the load started and when each phase of its schedule
 * began, what it published (and how many sends failed) second by second, the routing maps it followed, every
 * subscriber's count, and its queue's count when it had one (else null).
 */
public record DeliveryReport(long startMillis, LoadSchedule schedule, List<Long> phaseStarts, long sent,
                             List<Integer> sentPerSecond, long sendFailures, int routingChanges,
                             List<SubscriberDelivery> subscribers, QueueDelivery queue) {

    /** The line's prefix, which a test or an operator finds in a pod's log. */
    public static final String PREFIX = "delivery-report: ";

    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules();

    public long lost() {
        return subscribers.stream().mapToLong(SubscriberDelivery::lost).sum();
    }

    /**
     * Sends that returned within {@code [fromMillis, toMillis]}, counting only the load's whole seconds that lie
     * inside it: a lower bound, so that a window the load did not cover shows as one with few sends.
     */
    public long sentBetween(long fromMillis, long toMillis) {
        return secondsWithin(fromMillis, toMillis).mapToLong(sentPerSecond::get).sum();
    }

    /** The send rate over the load's whole seconds inside {@code [fromMillis, toMillis]}; NaN if there are none. */
    public double sentPerSecondBetween(long fromMillis, long toMillis) {
        return secondsWithin(fromMillis, toMillis).mapToLong(sentPerSecond::get).average().orElse(Double.NaN);
    }

    private IntStream secondsWithin(long fromMillis, long toMillis) {
        return IntStream.range(0, sentPerSecond.size()).filter(i -> startMillis + 1_000L * i >= fromMillis
                && startMillis + 1_000L * (i + 1) <= toMillis);
    }

    public long duplicates() {
        return subscribers.stream().mapToLong(SubscriberDelivery::duplicates).sum();
    }

    public String line() {
        try {
            return PREFIX + JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the delivery report", e);
        }
    }

    /** The report in a log: the last line with the prefix. */
    public static DeliveryReport fromLog(String log) {
        String line = log.lines().filter(l -> l.startsWith(PREFIX)).reduce((a, b) -> b)
                .orElseThrow(() -> new IllegalArgumentException("no line starts with '" + PREFIX + "'"));
        try {
            return JSON.readValue(line.substring(PREFIX.length()), DeliveryReport.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("unreadable delivery report: " + e.getOriginalMessage(), e);
        }
    }
}
