package io.brokerwise.broker.queues;

import java.util.List;
import java.util.Objects;

/**
 * The replicas of a topology's queues that one broker carries, and the brokers that carry the others: each queue is
 * an anycast address with one queue of its name on every broker of the layout (a replicated queue, Taton et al.,
 * "Improving the performances of JMS-based applications", sec. 2), and the brokers are joined by one cluster
 * connection that carries these queues' addresses only, never the topic's (a subscriber registered at several
 * brokers would otherwise get copies), so that a replica without consumers hands its messages to one that has them.
 *
 * @param queues the queue names, each one anycast address and queue on this broker
 * @param self   {@code host:port} at which the other brokers reach this one; in a pod {@link #POD_NAME} names it, so
 *               that every broker of a StatefulSet can share one broker.xml
 * @param peers  {@code host:port} of every broker that may carry a replica, up to the layout's largest size, so that a
 *               broker added later is reached without re-rendering (and restarting) the others: Artemis does not
 *               reload a cluster connection at run time. This broker may be among them: Artemis ignores its own node
 *               in the cluster's topology, so a broker.xml shared by every broker can name them all
 * @param balancing how the brokers spread a queue's messages over its replicas
 */
public record QueueReplicas(List<String> queues, String self, List<String> peers, Balancing balancing) {

    /** A broker without queues: no anycast address of the topology's, no cluster connection. */
    public static final QueueReplicas NONE = new QueueReplicas(List.of(), null, List.of());

    /** How a queue's messages are spread over its replicas: Artemis's {@code message-load-balancing}. */
    public enum Balancing {
        /**
         * Brokerwise's: a message stays on the replica its producer was placed on, and moves only from a replica
         * without consumers (OFF_WITH_REDISTRIBUTION).
         */
        PLACED("OFF_WITH_REDISTRIBUTION"),
        /**
         * Artemis's default, for comparison: each message is round-robined at send time over the replicas that have
         * consumers (ON_DEMAND), wherever its producer is.
         */
        ARTEMIS_DEFAULT("ON_DEMAND");

        final String artemis;

        Balancing(String artemis) {
            this.artemis = artemis;
        }
    }

    /** Brokerwise's balancing ({@link Balancing#PLACED}). */
    public QueueReplicas(List<String> queues, String self, List<String> peers) {
        this(queues, self, peers, Balancing.PLACED);
    }

    /**
     * The pod's name in a broker.xml: Artemis replaces {@code ${NAME}} with the system property, else the environment
     * variable, of that name, and a pod's container runtime sets {@code HOSTNAME} to the pod's name (which
     * BrokerMain reads to pick its certificate too).
     */
    public static final String POD_NAME = "${HOSTNAME}";

    /** The cluster connection's name, also the user the brokers' bridges log in as. */
    public static final String CLUSTER = "brokerwise-queues";

    /**
     * How long a replica whose consumers have all left keeps its messages before it hands them to replicas with
     * consumers: long enough for a consumer that reconnects (a client move, a restart) to take them back first.
     */
    public static final long REDISTRIBUTION_DELAY_MILLIS = 1_000;

    public QueueReplicas {
        queues = List.copyOf(queues);
        peers = List.copyOf(peers);
        Objects.requireNonNull(balancing, "balancing");
        if (!queues.isEmpty()) {
            Objects.requireNonNull(self, "self: the address other brokers reach this one at");
        }
    }

    /** The same replicas, their messages spread as {@code other} says. */
    public QueueReplicas balancedBy(Balancing other) {
        return new QueueReplicas(queues, self, peers, other);
    }

    public boolean isEmpty() {
        return queues.isEmpty();
    }
}
