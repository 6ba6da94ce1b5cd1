package io.brokerwise.operator.autoscaling;

import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.model.autoscaling.ObservedQueueLoad;
import io.brokerwise.operator.monitor.BrokerReading;
import io.brokerwise.routing.QueueRoute;
import java.time.Duration;

/**
 * A replicated queue's load from two readings of its replicas' brokers a window apart, summed over the replicas:
 * producers, home consumers and depth as the later reading has them, and the messages added to and acknowledged at
 * each replica per second over that broker's own two readings. A replica whose counts went back (its broker
 * restarted) adds no rate; one its broker's readings lack makes the observation incomplete.
 */
final class QueueLoadObservation {

    private QueueLoadObservation() {
    }

    static ObservedQueueLoad between(QueueRoute route, CounterReading earlier, CounterReading later)
            throws IncompleteObservation {
        long producers = 0;
        long consumers = 0;
        long depth = 0;
        double added = 0;
        double acknowledged = 0;
        for (QueueRoute.Replica replica : route.replicas()) {
            BrokerReading after = later.brokers().get(replica.address());
            BrokerSample.QueueReplica now = after == null ? null : after.sample().queues().get(route.name());
            if (now == null) {
                throw new IncompleteObservation("queue " + route.name() + ": its replica at " + replica.address()
                        + " was not read");
            }
            producers += now.producers();
            consumers += now.consumers();
            depth += now.depth();
            BrokerReading before = earlier.brokers().get(replica.address());
            BrokerSample.QueueReplica then = before == null ? null : before.sample().queues().get(route.name());
            if (then != null && after.at().isAfter(before.at()) && now.added() >= then.added()
                    && now.acknowledged() >= then.acknowledged()) {
                double seconds = Duration.between(before.at(), after.at()).toNanos() / 1e9;
                added += (now.added() - then.added()) / seconds;
                acknowledged += (now.acknowledged() - then.acknowledged()) / seconds;
            }
        }
        return new ObservedQueueLoad(producers, consumers, added, acknowledged, depth);
    }
}
