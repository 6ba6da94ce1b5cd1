package io.brokerwise.client.jms;

import static io.brokerwise.client.jms.JmsCalls.get;

import io.brokerwise.client.ClientOptions;
import io.brokerwise.client.TopologyClient;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapWatcher;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.QueueConnection;
import jakarta.jms.QueueConnectionFactory;
import jakarta.jms.TopicConnection;
import jakarta.jms.TopicConnectionFactory;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * A Jakarta Messaging {@link ConnectionFactory} for a Brokerwise layout, the clustered connection factory of
 * Taton et al. ("Improving the performances of JMS-based applications", sec. 6.3) on Brokerwise's routing map:
 * every producer sends each message to the brokers of its row, every consumer registers its selector at the
 * brokers of its column, both placed by ElectQueue, and the factory follows the mounted map when it changes. A
 * session that uses the layout's queues is pinned to one replica, elected by its first queue producer or consumer.
 * An application sees an ordinary factory (look it up in JNDI, {@link BrokerwiseInitialContextFactory}).
 *
 * <p>The messaging is {@link TopologyClient}'s: one per user, so producers and consumers of all the
 * factory's connections are counted in one placement. Supported subset and refusals: docs/client.md.
 */
public final class BrokerwiseConnectionFactory implements ConnectionFactory, TopicConnectionFactory,
        QueueConnectionFactory, RoutingMapWatcher.Follower, AutoCloseable {

    private static final System.Logger LOG = System.getLogger(BrokerwiseConnectionFactory.class.getName());

    private final ClientOptions options;
    private final int clientIndex;
    private final RoutingMapWatcher watcher;
    private final Map<ClientOptions, TopologyClient> clients = new HashMap<>();
    private RoutingMap map;

    /**
     * @param routingMap    the mounted {@code routing.json}, re-read every {@code period}
     * @param options       the broker user for {@link #createConnection()} (the topology's Secret), the URL
     *                      parameters and the trusted CA of every connection
     * @param clientIndex   this process's index among processes sharing the layout (e.g. a pod ordinal), so
     *                      that their first producers and consumers spread over the groups
     */
    public BrokerwiseConnectionFactory(Path routingMap, ClientOptions options, int clientIndex, Duration period)
            throws IOException {
        this.options = options;
        this.clientIndex = clientIndex;
        this.map = RoutingMapWatcher.read(routingMap);
        this.watcher = RoutingMapWatcher.watch(routingMap, this, period,
                problem -> LOG.log(Level.WARNING, problem));
    }

    @Override
    public synchronized RoutingMap routingMap() {
        return map;
    }

    /** Moves every producer and consumer of the factory to {@code next}, make-before-break. */
    @Override
    public synchronized void update(RoutingMap next) throws JMSException {
        map = next;
        JMSException failure = null;
        for (TopologyClient client : clients.values()) {
            try {
                client.update(next);
            } catch (JMSException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** The shared client of one user; its placement counts every connection's producers and consumers. */
    synchronized TopologyClient client(String user, String password) {
        return clients.computeIfAbsent(new ClientOptions(user, password, options.urlParameters(), options.trustedCa()),
                as -> new TopologyClient(map, as, clientIndex));
    }

    @Override
    public Connection createConnection() throws JMSException {
        return connect(options.user(), options.password());
    }

    @Override
    public Connection createConnection(String user, String password) throws JMSException {
        return connect(user, password);
    }

    @Override
    public TopicConnection createTopicConnection() throws JMSException {
        return connect(options.user(), options.password());
    }

    @Override
    public TopicConnection createTopicConnection(String user, String password) throws JMSException {
        return connect(user, password);
    }

    @Override
    public QueueConnection createQueueConnection() throws JMSException {
        return connect(options.user(), options.password());
    }

    @Override
    public QueueConnection createQueueConnection(String user, String password) throws JMSException {
        return connect(user, password);
    }

    private FanOutConnection connect(String user, String password) throws JMSException {
        if (user == null || password == null) {
            throw new jakarta.jms.JMSSecurityException("the brokers need a user and a password (jndi.properties: "
                    + "java.naming.security.principal and java.naming.security.credentials)");
        }
        return new FanOutConnection(client(user, password));
    }

    @Override
    public JMSContext createContext() {
        return createContext(options.user(), options.password(), JMSContext.AUTO_ACKNOWLEDGE);
    }

    @Override
    public JMSContext createContext(String user, String password) {
        return createContext(user, password, JMSContext.AUTO_ACKNOWLEDGE);
    }

    @Override
    public JMSContext createContext(int sessionMode) {
        return createContext(options.user(), options.password(), sessionMode);
    }

    @Override
    public JMSContext createContext(String user, String password, int sessionMode) {
        FanOutConnection connection = get(() -> connect(user, password));
        return new FanOutContext(connection, sessionMode);
    }

    /** Stops following the map; connections already made stay open until closed. */
    @Override
    public void close() {
        watcher.close();
    }
}
