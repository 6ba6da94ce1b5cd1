package io.brokerwise.client;

import io.brokerwise.routing.RoutingMap;
import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerUsers;
import io.brokerwise.broker.EmbeddedBroker;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Real Artemis brokers in the test JVM, rendered by BrokerConfiguration, on loopback ports. */
public final class LocalBrokers implements AutoCloseable {

    static final String TOPIC = "brokerwise.test";

    final BrokerUsers users = BrokerUsers.generate();
    final BrokerCredentials credentials = users.application();
    private final List<EmbeddedBroker> brokers = new ArrayList<>();
    private final List<Integer> ports = new ArrayList<>();
    private final Path dir;
    private final boolean journal;

    /** Brokers without a journal, as for non-persistent topics. */
    LocalBrokers(Path dir) {
        this(dir, false);
    }

    /** Brokers with a journal under {@code dir} when {@code journal}: they keep durable subscriptions through restarts. */
    LocalBrokers(Path dir, boolean journal) {
        this.dir = dir;
        this.journal = journal;
    }

    /** Starts one more broker, on a port the kernel picks; returns its index. */
    int start() throws Exception {
        int i = brokers.size();
        EmbeddedBroker broker = startBroker(i, 0);
        brokers.add(broker);
        ports.add(broker.acceptorPort());
        return i;
    }

    /**
     * Stops broker {@code i} and starts it again on the same port: a pod restart, empty without a journal, with what
     * its journal kept otherwise.
     */
    void restart(int i) throws Exception {
        brokers.get(i).close();
        brokers.set(i, startBroker(i, ports.get(i)));
    }

    private EmbeddedBroker startBroker(int i, int port) throws Exception {
        Path data = dir.resolve("broker-" + i);
        return EmbeddedBroker.start(BrokerConfiguration.forLoopback("b" + i, TOPIC, journal, port, data.toString()),
                users, data);
    }

    /** A map over the first {@code k * l} brokers, row-major, starting any not yet running. */
    RoutingMap map(int publisherGroups, int subscriberGroups) throws Exception {
        while (brokers.size() < publisherGroups * subscriberGroups) {
            start();
        }
        return RoutingMap.forLocalPorts(TOPIC, publisherGroups, subscriberGroups,
                ports.subList(0, publisherGroups * subscriberGroups));
    }

    /** {@code map} moved to k x l over the first {@code k * l} brokers, each keeping its cell, as the operator does. */
    RoutingMap moved(RoutingMap map, int publisherGroups, int subscriberGroups) throws Exception {
        return map.movedTo(publisherGroups, subscriberGroups, map(publisherGroups, subscriberGroups).brokers());
    }

    ClientOptions options() {
        return ClientOptions.of(credentials.user(), credentials.password());
    }

    /** Names of the subscription queues broker {@code i} has on the topic now. */
    Set<String> subscriptions(int i) throws Exception {
        Set<String> names = new TreeSet<>();
        brokers.get(i).server().bindingQuery(org.apache.activemq.artemis.api.core.SimpleString.of(TOPIC))
                .getQueueNames().forEach(q -> names.add(q.toString()));
        return names;
    }

    @Override
    public void close() throws Exception {
        Exception first = null;
        for (EmbeddedBroker b : brokers) {
            try {
                b.close();
            } catch (Exception e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
