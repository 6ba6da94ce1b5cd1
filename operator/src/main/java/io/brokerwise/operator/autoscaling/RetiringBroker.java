package io.brokerwise.operator.autoscaling;

import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.operator.monitor.BrokerReading;
import io.brokerwise.operator.monitor.Readings;
import io.brokerwise.operator.monitor.ScrapeTarget;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a broker a shrink retires must stay for now, from its last read since the shrink began, and what its line in
 * {@code status.autoscaling.retiring} says.
 *
 * @param stays whether its pod must stay
 * @param state what the last read found, as the line says it after the pod's name
 */
public record RetiringBroker(boolean stays, String state) {

    static final String NOT_READ = "not read since the layout left it";

    /** Subscriptions a line names at most. */
    private static final int NAMED = 3;

    /**
     * @param sample             the broker's last reading; empty until it answered once
     * @param failing            whether its last read failed: an earlier reading no longer says what it holds
     * @param journalGoesWithPod whether its journal claim is deleted with its pod (a journal, and whenScaled Delete)
     */
    static RetiringBroker judge(Optional<BrokerSample> sample, boolean failing, boolean journalGoesWithPod) {
        if (failing) {
            // with whenScaled Retain, or no journal, nothing the broker holds is lost with its pod: a retained claim
            // and its journal come back with a later scale-up to the same ordinal
            return journalGoesWithPod
                    ? new RetiringBroker(true, "does not answer on its metrics port, and its journal may hold messages")
                    : new RetiringBroker(false, "does not answer on its metrics port");
        }
        return sample.map(RetiringBroker::read).orElse(new RetiringBroker(true, NOT_READ));
    }

    /**
     * As {@link #judge(Optional, boolean, boolean)}, on what {@code readings} say of {@code target} only if a read
     * sent since the retirement {@code began} has ended: an earlier reading, such as one of a broker that had just
     * started, says nothing of the clients that came to it before the layout left it.
     */
    public static RetiringBroker judge(Readings readings, ScrapeTarget target, Instant began, boolean journalGoesWithPod) {
        if (!readings.readSince(target, began)) {
            return new RetiringBroker(true, NOT_READ);
        }
        return judge(readings.last(target).map(BrokerReading::sample), readings.failing(target), journalGoesWithPod);
    }

    /** How many messages the first few subscriptions holding any hold, most first, by name: who it waits for. */
    private static String named(Map<String, Long> holding) {
        if (holding.isEmpty()) {
            return "";
        }
        List<String> names = holding.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(NAMED).map(e -> e.getKey() + " " + e.getValue()).toList();
        return " (" + String.join(", ", names) + (holding.size() > NAMED ? ", and " + (holding.size() - NAMED)
                + " more" : "") + ")";
    }

    /** A broker stays while it holds a client, messages owed to a durable subscription, or messages of a queue. */
    private static RetiringBroker read(BrokerSample sample) {
        int producers = sample.producerConnections();
        int consumers = sample.consumerConnections();
        BrokerSample.Held held = sample.held();
        List<String> holds = new ArrayList<>();
        if (producers + consumers > 0) {
            holds.add(producers + " producer and " + consumers + " consumer connections");
        }
        if (held.messages() > 0) {
            holds.add(held.messages() + " messages held for " + held.subscriptions() + " durable subscription"
                    + (held.subscriptions() == 1 ? "" : "s") + named(held.holding()));
        }
        long queued = sample.queues().values().stream().mapToLong(BrokerSample.QueueReplica::depth).sum();
        if (queued > 0) {
            holds.add(queued + " messages in queue replicas");
        }
        return holds.isEmpty() ? new RetiringBroker(false, "no connection and no message held")
                : new RetiringBroker(true, String.join("; ", holds));
    }
}
