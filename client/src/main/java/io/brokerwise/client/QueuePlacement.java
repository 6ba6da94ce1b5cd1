package io.brokerwise.client;

import io.brokerwise.routing.QueueRoute;
import java.util.function.ToIntFunction;

/**
 * Where the producers and consumers of one replicated queue go: ElectQueue over its replicas (Taton et al.,
 * "Improving the performances of JMS-based applications", sec. 5.2): a new producer joins the replica with the
 * fewest producers, a new consumer the one with the fewest consumers, so that each replica's share of production
 * stays its share of consumption (x_i = y_i = 1/k). Counts are the operator's, observed across every process, plus
 * this process's clients since the map that carried them; a replica marked for removal takes none.
 */
final class QueuePlacement {

    private QueueRoute route;
    private final GroupElection producers;
    private final GroupElection consumers;

    QueuePlacement(QueueRoute route, int clientIndex) {
        this.route = route;
        this.producers = new GroupElection(route.replicas().size(), clientIndex);
        this.consumers = new GroupElection(route.replicas().size(), clientIndex);
    }

    /** The replica (its broker's address) a new producer attaches to. */
    synchronized String producerReplica() {
        return elect(producers, QueueRoute.Replica::producers);
    }

    /** The replica a new consumer attaches to. */
    synchronized String consumerReplica() {
        return elect(consumers, QueueRoute.Replica::consumers);
    }

    /** Every replica's broker, for a consumer that reads them all. */
    synchronized java.util.List<String> replicas() {
        return route.replicas().stream().map(QueueRoute.Replica::address).toList();
    }

    synchronized void producerLeft(String replica) {
        leave(producers, replica);
    }

    synchronized void consumerLeft(String replica) {
        leave(consumers, replica);
    }

    /** A new map's counts include this process's clients: elect against them from now on. */
    synchronized void follow(QueueRoute next) {
        route = next;
        producers.rebase(next.replicas().size());
        consumers.rebase(next.replicas().size());
    }

    private String elect(GroupElection election, ToIntFunction<QueueRoute.Replica> observed) {
        int k = route.replicas().size();
        int[] counts = new int[k];
        boolean[] retiring = new boolean[k];
        for (int i = 0; i < k; i++) {
            counts[i] = observed.applyAsInt(route.replicas().get(i));
            retiring[i] = route.replicas().get(i).retiring();
        }
        return route.replicas().get(election.join(counts, retiring)).address();
    }

    private void leave(GroupElection election, String replica) {
        for (int i = 0; i < route.replicas().size(); i++) {
            if (route.replicas().get(i).address().equals(replica)) {
                election.leave(i);
            }
        }
    }
}
