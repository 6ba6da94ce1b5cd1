package io.brokerwise.operator.autoscaling;

import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.model.autoscaling.ObservedLoad;
import io.brokerwise.routing.RoutingMap;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * The live workload from two readings of every broker's counters a window apart, undoing the layout's fan-out
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
        Duration window = Duration.between(earlier.at(), later.at());
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("the later reading must come after the earlier, got " + window);
        }
        double seconds = window.toNanos() / 1e9;
        long publishers = 0;
        long received = 0;
        for (int r = 0; r < layout.publisherGroups(); r++) {
            publishers += largest(later, layout.row(r), BrokerSample::producerConnections, "row " + r);
            received += deltas(layout.row(r), earlier, later, "row " + r).stream()
                    .mapToLong(Delta::received).max().orElseThrow();
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
        double busiestCpu = layout.brokers().stream()
                .flatMap(b -> delta(b, earlier, later).stream())
                .mapToDouble(d -> d.cpuUtilization(seconds)).filter(x -> !Double.isNaN(x)).max().orElse(Double.NaN);
        return new ObservedLoad(publishers, received / seconds, subscribers, grade, window, later.at(), busiestCpu);
    }

    /** One broker's counters over the window. */
    private record Delta(BrokerSample before, BrokerSample after) {
        long received() {
            return after.received() - before.received();
        }

        long dispatched() {
            return after.dispatched() - before.dispatched();
        }

        double cpuUtilization(double seconds) {
            return after.cpuUtilizationSince(before, seconds);
        }
    }

    private static Optional<Delta> delta(String broker, CounterReading earlier, CounterReading later) {
        BrokerSample before = earlier.brokers().get(broker);
        BrokerSample after = later.brokers().get(broker);
        if (before == null || after == null || after.received() < before.received()
                || after.dispatched() < before.dispatched()) {
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
        return brokers.stream().map(reading.brokers()::get).filter(java.util.Objects::nonNull).mapToInt(figure).max()
                .orElseThrow(() -> new IncompleteObservation(group + ": no broker answered the last reading ("
                        + String.join(", ", brokers) + ")"));
    }
}
