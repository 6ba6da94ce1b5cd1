package io.brokerwise.operator.autoscaling;

import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.model.autoscaling.ObservedLoad;
import io.brokerwise.operator.monitor.BrokerReading;
import io.brokerwise.routing.RoutingMap;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * The live workload from two readings of every broker's counters a window apart (each broker's rate over its own
 * two readings' times), undoing the layout's fan-out
 * (docs/models.md sec. 6). A publisher of row r sends every message to each of the l brokers of its row, holding a
 * producer connection at each; a subscriber of column c registers at each of the k brokers of its column. So:
 * <ul>
 *   <li>publishers: the producer connections of a row's broker, summed over the rows;</li>
 *   <li>offered rate: the messages a row's broker received, summed over the rows;</li>
 *   <li>subscribers: the subscriptions of a column's broker, summed over the columns;</li>
 *   <li>E[R]: per column, the copies its brokers dispatched per message they received (the copies a message
 *       makes among that column's subscribers), summed over the columns.</li>
 * </ul>
 * Within a row (column) the brokers should agree; the largest figure is taken, since a broker that restarted or
 * lost clients during the window under-counts and none over-counts. A broker whose counters went backwards
 * restarted: its deltas are left out.
 */
public final class LoadObservation {

    private LoadObservation() {
    }

    public static ObservedLoad between(RoutingMap layout, CounterReading earlier, CounterReading later)
            throws IncompleteObservation {
        long publishers = 0;
        double offered = 0;
        for (int r = 0; r < layout.publisherGroups(); r++) {
            publishers += largest(later, layout.row(r), BrokerSample::producerConnections, "row " + r);
            offered += deltas(layout.row(r), earlier, later, "row " + r).stream()
                    .mapToDouble(Delta::receivedPerSecond).max().orElseThrow();
        }
        long subscribers = 0;
        double grade = 0;
        for (int c = 0; c < layout.subscriberGroups(); c++) {
            subscribers += largest(later, layout.column(c), BrokerSample::subscriptions, "column " + c);
            List<Delta> column = deltas(layout.column(c), earlier, later, "column " + c);
            long columnReceived = column.stream().mapToLong(Delta::received).sum();
            long columnDispatched = column.stream().mapToLong(Delta::dispatched).sum();
            grade += columnReceived == 0 ? 0 : (double) columnDispatched / columnReceived;
        }
        List<Delta> all = layout.brokers().stream().flatMap(b -> delta(b, earlier, later).stream()).toList();
        double busiestCpu = all.stream().mapToDouble(Delta::cpuUtilization).filter(x -> !Double.isNaN(x)).max()
                .orElse(Double.NaN);
        Duration window = all.stream().map(Delta::window).max(Duration::compareTo).orElseThrow();
        return new ObservedLoad(publishers, offered, subscribers, grade, window, later.newest().orElseThrow(),
                busiestCpu);
    }

    /** One broker's counters over the window between its two readings. */
    private record Delta(BrokerReading before, BrokerReading after) {
        long received() {
            return after.sample().received() - before.sample().received();
        }

        long dispatched() {
            return after.sample().dispatched() - before.sample().dispatched();
        }

        Duration window() {
            return Duration.between(before.at(), after.at());
        }

        double receivedPerSecond() {
            return received() / seconds();
        }

        double cpuUtilization() {
            return after.sample().cpuUtilizationSince(before.sample(), seconds());
        }

        private double seconds() {
            return window().toNanos() / 1e9;
        }
    }

    /** The broker's delta; none if it lacks a reading, was not read again, or restarted (counters went back). */
    private static Optional<Delta> delta(String broker, CounterReading earlier, CounterReading later) {
        BrokerReading before = earlier.brokers().get(broker);
        BrokerReading after = later.brokers().get(broker);
        if (before == null || after == null || !after.at().isAfter(before.at())
                || after.sample().received() < before.sample().received()
                || after.sample().dispatched() < before.sample().dispatched()) {
            return Optional.empty();
        }
        return Optional.of(new Delta(before, after));
    }

    private static List<Delta> deltas(List<String> brokers, CounterReading earlier, CounterReading later, String group)
            throws IncompleteObservation {
        List<Delta> out = new ArrayList<>();
        brokers.forEach(b -> delta(b, earlier, later).ifPresent(out::add));
        if (out.isEmpty()) {
            throw new IncompleteObservation(group + ": no broker answered both readings with counters that ran "
                    + "through the window (" + String.join(", ", brokers) + ")");
        }
        return out;
    }

    private static int largest(CounterReading reading, List<String> brokers, ToIntFunction<BrokerSample> figure,
                               String group) throws IncompleteObservation {
        return brokers.stream().flatMap(b -> reading.sample(b).stream()).mapToInt(figure).max()
                .orElseThrow(() -> new IncompleteObservation(group + ": no broker answered the last reading ("
                        + String.join(", ", brokers) + ")"));
    }
}
