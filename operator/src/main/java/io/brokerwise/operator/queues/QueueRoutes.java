package io.brokerwise.operator.queues;

import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

/**
 * The routes the routing map carries for a topology's deployed queues (docs/queues.md), from what a pass knows. A
 * queue is routed to its k replicas, brokers 0 to k-1, once all k are Ready on the broker.xml that declares it; until
 * then its route stays as the map has it (none for a new queue), as the topic's layout waits for its brokers. A
 * replica a smaller k leaves out stays in the route, marked retiring so that it takes no new client, until its
 * broker's reading shows no producer, no consumer and no message on it (Taton et al., sec. 5.2, rule R6). Each replica
 * carries the producers and consumers its broker's last reading counted; a broker not read keeps what the map said.
 * A queue no longer deployed leaves the map. Pure.
 */
final class QueueRoutes {

    /** What a broker's last reading says of its replica of a queue; empty when the broker was not read. */
    @FunctionalInterface
    interface Observed {
        Optional<BrokerSample.QueueReplica> at(String broker, String queue);
    }

    /**
     * @param replicas k of each deployed queue, in the spec's order
     * @param serving  whether the broker of an ordinal is Ready on the broker.xml that declares the queues
     * @param brokers  the routing-map address of each broker, by ordinal, at least the largest k of them
     * @param routed   the map clients follow now
     */
    record Inputs(Map<String, Integer> replicas, IntPredicate serving, List<String> brokers, Optional<RoutingMap> routed,
                  Observed observed) {
    }

    private QueueRoutes() {
    }

    static List<QueueRoute> of(Inputs in) {
        List<QueueRoute> routes = new ArrayList<>();
        in.replicas().forEach((queue, k) -> {
            Optional<QueueRoute> current = in.routed().flatMap(m -> m.queue(queue));
            if (IntStream.range(0, k).allMatch(in.serving())) {
                routes.add(resized(queue, k, current, in));
            } else {
                current.map(c -> refreshed(c, in)).ifPresent(routes::add);
            }
        });
        return routes;
    }

    /** The route on brokers 0 to k-1, and the current route's other replicas retiring until they are empty. */
    private static QueueRoute resized(String queue, int k, Optional<QueueRoute> current, Inputs in) {
        List<String> kept = in.brokers().subList(0, k);
        List<QueueRoute.Replica> replicas = new ArrayList<>();
        kept.forEach(broker -> replicas.add(replica(queue, broker, false, current, in)));
        current.stream().flatMap(c -> c.replicas().stream()).map(QueueRoute.Replica::address)
                .filter(broker -> !kept.contains(broker) && !emptied(queue, broker, in))
                .forEach(broker -> replicas.add(replica(queue, broker, true, current, in)));
        return new QueueRoute(queue, replicas);
    }

    /** The route as the map has it, with the counts read since and without the retiring replicas that emptied. */
    private static QueueRoute refreshed(QueueRoute current, Inputs in) {
        String queue = current.name();
        return new QueueRoute(queue, current.replicas().stream()
                .filter(r -> !r.retiring() || !emptied(queue, r.address(), in))
                .map(r -> replica(queue, r.address(), r.retiring(), Optional.of(current), in)).toList());
    }

    private static QueueRoute.Replica replica(String queue, String broker, boolean retiring,
                                              Optional<QueueRoute> current, Inputs in) {
        return in.observed().at(broker, queue)
                .map(seen -> new QueueRoute.Replica(broker, seen.producers(), seen.consumers(), retiring))
                .orElseGet(() -> {
                    QueueRoute.Replica before = current.stream().flatMap(c -> c.replicas().stream())
                            .filter(r -> r.address().equals(broker)).findFirst()
                            .orElse(QueueRoute.Replica.at(broker));
                    return new QueueRoute.Replica(broker, before.producers(), before.consumers(), retiring);
                });
    }

    /** Whether the broker's last reading shows nothing left at its replica: no client, no message. */
    private static boolean emptied(String queue, String broker, Inputs in) {
        return in.observed().at(broker, queue)
                .filter(r -> r.producers() == 0 && r.consumers() == 0 && r.depth() == 0).isPresent();
    }
}
