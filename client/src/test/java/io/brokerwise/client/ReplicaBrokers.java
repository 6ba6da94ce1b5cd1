package io.brokerwise.client;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerUsers;
import io.brokerwise.broker.EmbeddedBroker;
import io.brokerwise.broker.metrics.QueueMeters;
import io.brokerwise.broker.queues.QueueReplicas;
import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMap;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.ServerProducer;
import org.apache.activemq.artemis.core.server.ServerSession;

/**
 * Real brokers in the test JVM, each carrying a replica of one queue beside the topics, joined by the cluster
 * connection broker.xml renders. {@link #observed} reads each replica's producers and consumers from the brokers
 * themselves, as the operator publishes them in the routing map.
 */
final class ReplicaBrokers implements AutoCloseable {

    static final String TOPIC = "brokerwise.test";
    static final String QUEUE = "work";

    final BrokerUsers users = BrokerUsers.generate();
    private final List<EmbeddedBroker> brokers = new ArrayList<>();
    private final List<String> addresses = new ArrayList<>();
    private final List<String> topics;

    /**
     * {@code k} brokers, each naming the others as its peers before any listens. A port picked free may be taken (by
     * a client connection's local end) before its broker binds it; then all start again on new ports, twice at most.
     */
    ReplicaBrokers(Path dir, int k) throws Exception {
        this(dir, k, List.of(TOPIC));
    }

    /** As {@link #ReplicaBrokers(Path, int)}, every broker carrying these topics. */
    ReplicaBrokers(Path dir, int k, List<String> topics) throws Exception {
        this.topics = List.copyOf(topics);
        for (int attempt = 1; ; attempt++) {
            try {
                start(dir.resolve("attempt-" + attempt), k);
                return;
            } catch (IllegalStateException e) {
                close();
                brokers.clear();
                addresses.clear();
                if (attempt == 3 || !String.valueOf(e.getMessage()).contains("could not listen")) {
                    throw e;
                }
            }
        }
    }

    private void start(Path dir, int k) throws Exception {
        for (int i = 0; i < k; i++) {
            addresses.add("127.0.0.1:" + freePort());
        }
        for (int i = 0; i < k; i++) {
            List<String> peers = new ArrayList<>(addresses);
            String self = peers.remove(i);
            int port = Integer.parseInt(self.substring(self.lastIndexOf(':') + 1));
            BrokerConfiguration config = BrokerConfiguration.forLoopback("b" + i, TOPIC, false, port,
                    dir.resolve("b" + i).toString()).withTopics(topics)
                    .withQueues(new QueueReplicas(List.of(QUEUE), self, peers));
            brokers.add(EmbeddedBroker.start(config, users, dir.resolve("b" + i)));
        }
    }

    ClientOptions options() {
        return ClientOptions.of(users.application().user(), users.application().password());
    }

    /** The layout's map: the topics on every broker (PSR), the queue with the counts the brokers have now. */
    RoutingMap observed() {
        return observed(brokers.size(), 1);
    }

    /** The map of a k x l layout over every broker, row-major, the queue with the counts the brokers have now. */
    RoutingMap observed(int publisherGroups, int subscriberGroups) {
        List<QueueRoute.Replica> replicas = new ArrayList<>();
        for (int i = 0; i < brokers.size(); i++) {
            replicas.add(new QueueRoute.Replica(addresses.get(i), producers(i), consumers(i),
                    false));
        }
        return RoutingMap.of(TOPIC, publisherGroups, subscriberGroups, addresses).withTopics(topics)
                .withQueues(List.of(new QueueRoute(QUEUE, replicas)));
    }

    String address(int i) {
        return addresses.get(i);
    }

    Queue queue(int i) {
        return brokers.get(i).server().locateQueue(SimpleString.of(QUEUE));
    }

    /** The queue at every broker. */
    Stream<Queue> replicas() {
        return IntStream.range(0, brokers.size()).mapToObj(this::queue);
    }

    /** Consumers whose home is the replica at broker {@code i}, as the broker's meter counts them. */
    int consumers(int i) {
        return QueueMeters.homeConsumers(brokers.get(i).server(), QUEUE);
    }

    /** Producers attached to the queue at broker {@code i}. */
    int producers(int i) {
        int n = 0;
        for (ServerSession session : brokers.get(i).server().getSessions()) {
            for (ServerProducer p : session.getServerProducers()) {
                n += QUEUE.equals(p.getAddress()) ? 1 : 0;
            }
        }
        return n;
    }

    /** Whether every broker sees each other's replica, so that redistribution can move messages. */
    boolean joined() throws Exception {
        for (EmbeddedBroker b : brokers) {
            long remote = b.server().getPostOffice().getBindingsForAddress(SimpleString.of(QUEUE)).getBindings()
                    .stream().filter(x -> x.getType() == org.apache.activemq.artemis.core.postoffice.BindingType
                            .REMOTE_QUEUE).count();
            if (remote != brokers.size() - 1) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() throws Exception {
        for (EmbeddedBroker b : brokers) {
            b.close();
        }
    }

    private static int freePort() throws IOException {
        // picked free a moment before its broker binds it: every broker must name the others' ports first
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
