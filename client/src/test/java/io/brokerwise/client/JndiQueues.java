package io.brokerwise.client;

import io.brokerwise.routing.RoutingMapCodec;
import jakarta.jms.Queue;
import java.nio.file.Path;
import java.util.Hashtable;
import javax.naming.NamingException;

/**
 * Brokers carrying replicas of queue {@value ReplicaBrokers#QUEUE} that an application reaches through JNDI alone:
 * their routing.json (the topic on every broker, the queue with the counts the brokers had when it was written) and
 * the environment a {@code jndi.properties} would give: {@code ConnectionFactory}, topic {@code quotes} and queue
 * {@code orders}.
 */
final class JndiQueues implements JndiNames, AutoCloseable {

    final ReplicaBrokers brokers;
    private final Path routingMap;

    JndiQueues(Path dir, int replicas) throws Exception {
        brokers = new ReplicaBrokers(dir, replicas);
        routingMap = dir.resolve(RoutingMapCodec.CONFIG_MAP_KEY);
        JndiLayout.write(routingMap, brokers.observed());
    }

    @Override
    public Hashtable<String, String> environment() {
        Hashtable<String, String> env = JndiLayout.environment(routingMap, brokers.users.application());
        env.put("queue.orders", ReplicaBrokers.QUEUE);
        return env;
    }

    /** ...and its queue. */
    Queue queue() throws NamingException {
        return (Queue) jndi().lookup("orders");
    }

    @Override
    public void close() throws Exception {
        brokers.close();
    }
}
