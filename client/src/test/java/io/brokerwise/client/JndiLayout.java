package io.brokerwise.client;

import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Hashtable;
import javax.naming.Context;

/**
 * Local brokers an application reaches through JNDI alone: their routing.json, and the environment a
 * {@code jndi.properties} would give ({@code ConnectionFactory} and topic {@code quotes}).
 */
final class JndiLayout implements JndiNames, AutoCloseable {

    final LocalBrokers brokers;
    private final Path routingMap;
    private RoutingMap current;

    JndiLayout(Path dir, int publisherGroups, int subscriberGroups) throws Exception {
        this(dir, publisherGroups, subscriberGroups, false);
    }

    /** As above, on brokers with journals when {@code journal}: they take durable subscriptions. */
    JndiLayout(Path dir, int publisherGroups, int subscriberGroups, boolean journal) throws Exception {
        brokers = new LocalBrokers(dir, journal);
        routingMap = dir.resolve(RoutingMapCodec.CONFIG_MAP_KEY);
        moveTo(publisherGroups, subscriberGroups);
    }

    /**
     * Rewrites routing.json as the operator moves a layout ({@link RoutingMap#movedTo}: each broker keeps its cell)
     * and Kubernetes updates a mounted ConfigMap: all at once.
     */
    void moveTo(int publisherGroups, int subscriberGroups) throws Exception {
        current = current == null ? brokers.map(publisherGroups, subscriberGroups)
                : brokers.moved(current, publisherGroups, subscriberGroups);
        write(routingMap, current);
    }

    /** Writes {@code map} to {@code routingMap} all at once, as Kubernetes updates a mounted ConfigMap. */
    static void write(Path routingMap, RoutingMap map) throws Exception {
        Path next = routingMap.resolveSibling("routing.json.next");
        Files.writeString(next, RoutingMapCodec.toJson(map));
        Files.move(next, routingMap, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The map routing.json holds now. */
    RoutingMap map() {
        return current;
    }

    @Override
    public Hashtable<String, String> environment() {
        return environment(routingMap, brokers.credentials);
    }

    /** What a jndi.properties gives: the factory on {@code routingMap} as {@code credentials}, topic {@code quotes}. */
    static Hashtable<String, String> environment(Path routingMap, BrokerCredentials credentials) {
        Hashtable<String, String> env = new Hashtable<>();
        env.put(Context.INITIAL_CONTEXT_FACTORY, "io.brokerwise.client.jms.BrokerwiseInitialContextFactory");
        env.put("brokerwise.routingMap", routingMap.toString());
        env.put("brokerwise.watchPeriodMillis", "50");
        env.put(Context.SECURITY_PRINCIPAL, credentials.user());
        env.put(Context.SECURITY_CREDENTIALS, credentials.password());
        env.put("connectionFactory.ConnectionFactory", "");
        env.put("topic.quotes", LocalBrokers.TOPIC);
        return env;
    }

    @Override
    public void close() throws Exception {
        brokers.close();
    }
}
