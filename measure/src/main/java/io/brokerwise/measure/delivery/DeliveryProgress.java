package io.brokerwise.measure.delivery;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One progress line of a running delivery check: at {@code atMillis}, {@code sent} sends had returned, and every
 * subscriber had received from every publisher a message sent at {@code caughtUpMillis} or later (0 while one had
 * not heard from one). A test waits on these lines for what it would otherwise sleep for: the load to have sent
 * enough, or every path through the brokers to carry messages again after a fault.
 */
public record DeliveryProgress(long atMillis, long sent, long caughtUpMillis) {

    /** The line's prefix in the check's log. */
    public static final String PREFIX = "delivery-check: progress ";

    private static final Pattern LINE = Pattern.compile(Pattern.quote(PREFIX)
            + "at (\\d+) sent (\\d+) caught up to (\\d+)");

    public String line() {
        return PREFIX + "at " + atMillis + " sent " + sent + " caught up to " + caughtUpMillis;
    }

    /** The last progress line in a log, if it has one. */
    public static Optional<DeliveryProgress> latest(String log) {
        DeliveryProgress last = null;
        for (String l : (Iterable<String>) log.lines()::iterator) {
            Matcher m = LINE.matcher(l);
            if (m.matches()) {
                last = new DeliveryProgress(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
                        Long.parseLong(m.group(3)));
            }
        }
        return Optional.ofNullable(last);
    }
}
