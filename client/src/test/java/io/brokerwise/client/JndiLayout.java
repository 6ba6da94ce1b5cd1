package io.brokerwise.client;

import io.brokerwise.routing.RoutingMapCodec;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Topic;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Hashtable;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Local brokers an application reaches through JNDI alone: their routing.json, and the environment a
 * {@code jndi.properties} would give ({@code ConnectionFactory} and topic {@code quotes}).
 */
final class JndiLayout implements AutoCloseable {

    final LocalBrokers brokers;
    private final Path routingMap;

    JndiLayout(Path dir, int publisherGroups, int subscriberGroups) throws Exception {
        brokers = new LocalBrokers(dir);
        routingMap = dir.resolve(RoutingMapCodec.CONFIG_MAP_KEY);
        moveTo(publisherGroups, subscriberGroups);
    }

    /** Rewrites routing.json as Kubernetes updates a mounted ConfigMap: all at once. */
    void moveTo(int publisherGroups, int subscriberGroups) throws Exception {
        Path next = routingMap.resolveSibling("routing.json.next");
        Files.writeString(next, RoutingMapCodec.toJson(brokers.map(publisherGroups, subscriberGroups)));
        Files.move(next, routingMap, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    Hashtable<String, String> environment() {
        Hashtable<String, String> env = new Hashtable<>();
        env.put(Context.INITIAL_CONTEXT_FACTORY, "io.brokerwise.client.jms.BrokerwiseInitialContextFactory");
        env.put("brokerwise.routingMap", routingMap.toString());
        env.put("brokerwise.watchPeriodMillis", "50");
        env.put(Context.SECURITY_PRINCIPAL, brokers.credentials.user());
        env.put(Context.SECURITY_CREDENTIALS, brokers.credentials.password());
        env.put("connectionFactory.ConnectionFactory", "");
        env.put("topic.quotes", LocalBrokers.TOPIC);
        return env;
    }

    Context jndi() throws NamingException {
        return new InitialContext(environment());
    }

    /** What an application looks up: the connection factory... */
    ConnectionFactory factory() throws NamingException {
        return (ConnectionFactory) jndi().lookup("ConnectionFactory");
    }

    /** ...and its topic. */
    Topic topic() throws NamingException {
        return (Topic) jndi().lookup("quotes");
    }

    @Override
    public void close() throws Exception {
        brokers.close();
    }
}
