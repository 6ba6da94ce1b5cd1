package io.brokerwise.operator.layout;

import io.brokerwise.routing.QueueRoute;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The replicated queues a pass deploys (docs/queues.md): each queue's replicas k, on broker ordinals 0 to k-1, in the
 * spec's order, and the routes the routing map carries for them, with the clients last observed at each replica
 * ({@code queues/QueueRoutes}). Every broker carries every deployed queue, so that all share one broker.xml: a broker
 * beyond a queue's k carries its address too, and takes none of its clients, as no route names it.
 *
 * @param replicas k of each deployed queue, by name, in the spec's order
 * @param routes   the map's routes, each on brokers of the StatefulSet
 */
public record QueueLayout(Map<String, Integer> replicas, List<QueueRoute> routes) {

    public static final QueueLayout NONE = new QueueLayout(Map.of(), List.of());

    public QueueLayout {
        replicas = Collections.unmodifiableMap(new LinkedHashMap<>(replicas));
        routes = List.copyOf(routes);
    }

    public List<String> names() {
        return List.copyOf(replicas.keySet());
    }

    public boolean isEmpty() {
        return replicas.isEmpty();
    }

    /**
     * The brokers the queues need: the largest k, and up to the highest ordinal a route names. A route may skip
     * ordinals (replica 2 of [0, 1, 2, 3] emptied first while 3 still retires), so its size is not enough.
     */
    public int brokers() {
        return Stream.concat(replicas.values().stream(), routes.stream().flatMap(r -> r.replicas().stream())
                .map(r -> Names.ordinal(r.address()) + 1)).mapToInt(Integer::intValue).max().orElse(0);
    }

    /** What the Deployed condition adds: "; queues work on 3 brokers, audit on 1"; nothing without queues. */
    public String describe() {
        return replicas.isEmpty() ? "" : "; queues " + replicas.entrySet().stream()
                .map(e -> e.getKey() + " on " + e.getValue() + " broker" + (e.getValue() == 1 ? "" : "s"))
                .collect(Collectors.joining(", "));
    }

    /**
     * The replicas as the StatefulSet's {@link Names#QUEUES_ANNOTATION} records them, {@code name=k} comma-separated:
     * what runs, for a pass that cannot plan (an invalid spec) and must keep it.
     */
    public String annotation() {
        return replicas.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
    }

    /** The replicas an {@link #annotation()} records; none for an absent or empty one. */
    public static Map<String, Integer> replicas(String annotation) {
        Map<String, Integer> replicas = new LinkedHashMap<>();
        if (annotation != null && !annotation.isBlank()) {
            Arrays.stream(annotation.split(",")).map(q -> q.split("=", 2))
                    .forEach(q -> replicas.put(q[0], Integer.valueOf(q[1])));
        }
        return replicas;
    }
}
