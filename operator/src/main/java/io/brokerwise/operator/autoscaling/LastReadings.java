package io.brokerwise.operator.autoscaling;

import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMap;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The last reading of each observed topology's brokers, in memory only: an operator that restarts, or takes over
 * as leader, reads the brokers afresh and observes one window later.
 */
final class LastReadings {

    private record Last(RoutingMap map, CounterReading reading) {
    }

    private final Map<ResourceID, Last> byTopology = new ConcurrentHashMap<>();

    /**
     * The last reading, if it was taken on this routing map: one of another layout counted other brokers. The
     * clients the map counts at each queue replica change with every client that comes or goes, and do not make it
     * another layout.
     */
    Optional<CounterReading> on(ResourceID topology, RoutingMap map) {
        return Optional.ofNullable(byTopology.get(topology)).filter(last -> last.map.equals(shape(map)))
                .map(Last::reading);
    }

    void remember(ResourceID topology, RoutingMap map, CounterReading reading) {
        byTopology.put(topology, new Last(shape(map), reading));
    }

    /** The map without the clients counted at its queues' replicas. */
    private static RoutingMap shape(RoutingMap map) {
        return map.withQueues(map.queues().stream().map(q -> new QueueRoute(q.name(), q.replicas().stream()
                .map(r -> new QueueRoute.Replica(r.address(), 0, 0, r.retiring())).toList())).toList());
    }

    void forget(ResourceID topology) {
        byTopology.remove(topology);
    }

    /** Forgets the topologies that are gone. */
    void keepOnly(Set<ResourceID> topologies) {
        byTopology.keySet().retainAll(topologies);
    }
}
