package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.measure.delivery.DeliveryReport;
import io.brokerwise.measure.delivery.MessageSpan;
import io.brokerwise.measure.delivery.SubscriberDelivery;
import java.time.Duration;
import java.util.List;

/**
 * A change of layout under a counted load: when it was asked for (a changed workload, or the load that made the
 * autoscaler act) and when the delivery check's clients had followed the routing map to the new layout.
 */
record LayoutMove(String brokers, long changedMillis, long clientsMovedMillis) {

    /** How long after a client's move messages still in flight through its old subscriptions may arrive. */
    static final Duration SETTLE = Duration.ofSeconds(5);

    /** The span falls in the move: after the change, and no later than {@link #SETTLE} after the clients moved. */
    boolean contains(MessageSpan span) {
        return span.fromMillis() >= changedMillis && span.toMillis() <= clientsMovedMillis + SETTLE.toMillis();
    }

    double seconds() {
        return (clientsMovedMillis - changedMillis) / 1e3;
    }

    /**
     * Every subscriber received everything published to its selector, and whatever arrived twice did so during one
     * of the moves; the duplicates are printed, never hidden.
     */
    static void assertNothingLostAcross(DeliveryReport report, List<LayoutMove> moves) {
        System.out.printf("delivered across %s: sent %d, lost %d, duplicates %d, routing changes seen %d%n",
                moves.stream().map(LayoutMove::brokers).toList(), report.sent(), report.lost(), report.duplicates(),
                report.routingChanges());
        System.out.println(report.line());
        assertEquals(moves.size(), report.routingChanges(), "the clients followed every move: " + report.line());
        assertEquals(0, report.sendFailures(), report.line());
        for (SubscriberDelivery s : report.subscribers()) {
            assertEquals(0, s.lost(), "a subscriber lost messages: " + s);
            for (MessageSpan d : s.duplicated()) {
                assertTrue(moves.stream().anyMatch(m -> m.contains(d)), "duplicates outside the moves " + moves
                        + ": " + s);
            }
        }
    }
}
