package io.brokerwise.client;

import io.brokerwise.routing.QueueRoute;
import java.util.ArrayList;
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

    /** Every replica's broker, for a browser that reads them all. */
    synchronized List<String> replicas() {
        return route.replicas().stream().map(QueueRoute.Replica::address).toList();
    }

    /** The brokers of the replicas that take clients: all but those marked for removal. */
    synchronized List<String> open() {
        return route.replicas().stream().filter(r -> !r.retiring()).map(QueueRoute.Replica::address).toList();
    }

    /**
     * Where this process's producers (or consumers), now at {@code current}, go on the route followed now: one on a
     * replica that is not open is elected again, as a new client is (the map's counts across every process, ties
     * from this process's index), so that the processes leaving a replica spread over the others; with
     * {@code rebalance} (the open replicas changed in number) this process's clients then move one at a time from
     * its fullest open replica to its emptiest until none has two more than another, as a topic's clients do. Each
     * is counted where it goes.
     */
    synchronized List<String> moves(List<String> current, boolean producer, boolean rebalance) {
        List<String> open = open();
        GroupElection own = new GroupElection(open.size());
        int[] target = new int[current.size()];
        for (int i = 0; i < target.length; i++) {
            target[i] = open.indexOf(current.get(i));
            if (target[i] < 0) {
                target[i] = open.indexOf(elect(producer));
            }
            own.joinAt(target[i]);
        }
        int[] before = target.clone();
        if (rebalance) {
            own.rebalance(target);
        }
        List<String> moved = new ArrayList<>();
        for (int i = 0; i < target.length; i++) {
            moved.add(open.get(target[i]));
            if (target[i] != before[i]) {
                election(producer).leave(indexOf(open.get(before[i])));
                election(producer).joinAt(indexOf(moved.get(i)));
            }
        }
        return moved;
    }

    synchronized void left(String replica, boolean producer) {
        int i = indexOf(replica);
        if (i >= 0) {
            election(producer).leave(i);
        }
    }

    /**
     * A new map's counts include this process's clients: elect against them from now on. Returns whether the
     * replicas that take clients changed in number.
     */
    synchronized boolean follow(QueueRoute next) {
        int before = open().size();
        route = next;
        producers.rebase(next.replicas().size());
        consumers.rebase(next.replicas().size());
        return open().size() != before;
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
