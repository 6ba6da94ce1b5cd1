package io.brokerwise.client;

import io.brokerwise.routing.QueueRoute;
import java.util.List;

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

    /** The replica (its broker's address) a new producer or consumer attaches to; counted there. */
    synchronized String elect(boolean producer) {
        int k = route.replicas().size();
        int[] counts = new int[k];
        boolean[] retiring = new boolean[k];
        for (int i = 0; i < k; i++) {
            QueueRoute.Replica r = route.replicas().get(i);
            counts[i] = producer ? r.producers() : r.consumers();
            retiring[i] = r.retiring();
        }
        return route.replicas().get(election(producer).join(counts, retiring)).address();
    }

    /**
     * Counts a producer or consumer that attaches to {@code replica} without an election (a JMS session's later
     * clients join the replica its first one elected); false if the queue has no replica there.
     */
    synchronized boolean joinAt(String replica, boolean producer) {
        int i = indexOf(replica);
        if (i >= 0) {
            election(producer).joinAt(i);
        }
        return i >= 0;
    }

    /** Every replica's broker, for a consumer that reads them all. */
    synchronized List<String> replicas() {
        return route.replicas().stream().map(QueueRoute.Replica::address).toList();
    }

    synchronized void left(String replica, boolean producer) {
        int i = indexOf(replica);
        if (i >= 0) {
            election(producer).leave(i);
        }
    }

    /** A new map's counts include this process's clients: elect against them from now on. */
    synchronized void follow(QueueRoute next) {
        route = next;
        producers.rebase(next.replicas().size());
        consumers.rebase(next.replicas().size());
    }

    private GroupElection election(boolean producer) {
        return producer ? producers : consumers;
    }

    private int indexOf(String replica) {
        for (int i = 0; i < route.replicas().size(); i++) {
            if (route.replicas().get(i).address().equals(replica)) {
                return i;
            }
        }
        return -1;
    }
}
