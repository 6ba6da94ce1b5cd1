package io.brokerwise.client;

import io.brokerwise.routing.RoutingMapCodec;
import java.nio.file.Path;
import java.util.Hashtable;
import java.util.List;

/**
 * A k x l layout of brokers carrying several topics and a replica of queue {@value ReplicaBrokers#QUEUE} each,
 * reached through JNDI alone: the environment names only the connection factory, and the context binds every topic
 * and the queue from the routing map by their own names.
 */
final class JndiDestinations implements JndiNames, AutoCloseable {

    final ReplicaBrokers brokers;
    private final Path routingMap;

    JndiDestinations(Path dir, int publisherGroups, int subscriberGroups, List<String> topics) throws Exception {
        brokers = new ReplicaBrokers(dir, publisherGroups * subscriberGroups, topics);
        routingMap = dir.resolve(RoutingMapCodec.CONFIG_MAP_KEY);
        JndiLayout.write(routingMap, brokers.observed(publisherGroups, subscriberGroups));
    }

    /** A jndi.properties of the factory alone; {@code quotes}, which the example application looks up, too. */
    @Override
    public Hashtable<String, String> environment() {
        return JndiLayout.environment(routingMap, brokers.users.application());
    }

    @Override
    public void close() throws Exception {
        brokers.close();
    }
}
