package io.brokerwise.e2e;

import io.brokerwise.measure.delivery.DeliveryReport;
import io.brokerwise.measure.delivery.MessageSpan;
import io.brokerwise.measure.delivery.SubscriberDelivery;
import java.time.Duration;
import java.util.List;

/**
 * What one step did to a counted load, from when it began ({@code fromMillis}) until what it disturbed was whole
 * again ({@code toMillis}), and so what the load's count may show for it:
 * <ul>
 *   <li>an outage of {@code downBrokers} (pods by name): their subscribers may miss what was sent from just before
 *       the fault until every subscriber heard from every publisher again;</li>
 *   <li>a layout move, or a rollout's moves of cells to new brokers ({@code moves}, the routing maps the clients
 *       follow): nothing is lost, and a message may arrive twice until shortly after the clients followed the last
 *       of them;</li>
 *   <li>anything else (the control plane's faults, a change of the load's rate): nothing lost, nothing twice.</li>
 * </ul>
 */
record Disruption(String what, long fromMillis, long toMillis, List<String> downBrokers, int moves) {

    /** A send that returned just before the fault may not have reached the brokers' subscriptions yet. */
    static final long IN_FLIGHT_MILLIS = 1_000;
    /** How long after a client's move messages still in flight through its old subscriptions may arrive. */
    static final Duration SETTLE = Duration.ofSeconds(5);

    static Disruption unharmful(String what, long fromMillis, long toMillis) {
        return new Disruption(what, fromMillis, toMillis, List.of(), 0);
    }

    static Disruption outage(String what, long fromMillis, long caughtUpMillis, List<String> downBrokers) {
        return new Disruption(what, fromMillis, caughtUpMillis, List.copyOf(downBrokers), 0);
    }

    static Disruption move(String what, long changedMillis, long clientsMovedMillis) {
        return new Disruption(what, changedMillis, clientsMovedMillis, List.of(), 1);
    }

    /** A rollout: {@code moves} routing maps, each moving a cell to a new broker, the last followed at the end. */
    static Disruption rollout(String what, long changedMillis, long lastMoveMillis, int moves) {
        return new Disruption(what, changedMillis, lastMoveMillis, List.of(), moves);
    }

    boolean downFor(SubscriberDelivery s) {
        return s.brokers().stream().anyMatch(b -> downBrokers.stream().anyMatch(p -> b.startsWith(p + ".")));
    }

    boolean mayLose(SubscriberDelivery s, MessageSpan m) {
        return downFor(s) && m.fromMillis() >= fromMillis - IN_FLIGHT_MILLIS && m.toMillis() <= toMillis;
    }

    boolean mayDuplicate(MessageSpan d) {
        return moves > 0 && d.fromMillis() >= fromMillis && d.toMillis() <= toMillis + SETTLE.toMillis();
    }

    double seconds() {
        return (toMillis - fromMillis) / 1e3;
    }

    /** Its figures: how long it lasted, and what its down subscribers lost or what arrived twice. */
    void print(DeliveryReport report) {
        List<SubscriberDelivery> down = report.subscribers().stream().filter(this::downFor).toList();
        List<Long> lost = down.stream().map(s -> s.missing().stream().filter(m -> mayLose(s, m))
                .mapToLong(MessageSpan::messages).sum()).toList();
        long twice = report.subscribers().stream().flatMap(s -> s.duplicated().stream()).filter(this::mayDuplicate)
                .mapToLong(MessageSpan::messages).sum();
        System.out.printf("DISRUPTION %s: whole again after %.1f s, %d sends inside; %s%n", what, seconds(),
                report.sentBetween(fromMillis, toMillis), downBrokers.isEmpty()
                        ? (moves > 0 ? twice + " messages arrived twice" : "nothing may be lost")
                        : "its down subscribers (" + down.size() + ") lost " + lost);
    }
}
