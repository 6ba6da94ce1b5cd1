package io.brokerwise.routing;

import java.util.List;
import java.util.Objects;

/**
 * A replicated queue of the layout (Taton et al., "Improving the performances of JMS-based applications", sec. 2):
 * the brokers that carry a replica of it, and how many producers and consumers each replica had when the operator
 * last read the brokers' metrics, so that every process places its clients against all processes' clients, not its
 * own alone (ElectQueue, sec. 5.2).
 *
 * @param name     the JMS queue name, one anycast address on each replica's broker
 * @param replicas the replicas, in the order of the brokers' ordinals
 */
public record QueueRoute(String name, List<Replica> replicas) {

    /**
     * One replica.
     *
     * @param address   {@code host:port} of its broker
     * @param producers producers attached to it, as last observed
     * @param consumers consumers attached to it, as last observed
     * @param retiring  marked for removal (sec. 5.2, rule R6): it takes no new client and goes once it is empty
     */
    public record Replica(String address, int producers, int consumers, boolean retiring) {
        public Replica {
            RoutingMap.requireHostPort(address);
            if (producers < 0 || consumers < 0) {
                throw new IllegalArgumentException("replica " + address + " cannot have fewer than 0 clients");
            }
        }

        /** A replica with no clients observed yet, taking new ones. */
        public static Replica at(String address) {
            return new Replica(address, 0, 0, false);
        }
    }

    public QueueRoute {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a queue needs a name");
        }
        replicas = List.copyOf(replicas);
        if (replicas.stream().allMatch(Replica::retiring)) {
            throw new IllegalArgumentException("queue " + name + " needs at least one replica that is not retiring");
        }
        if (replicas.stream().map(Replica::address).distinct().count() != replicas.size()) {
            throw new IllegalArgumentException("queue " + name + " has two replicas on one broker");
        }
    }
}
