package io.brokerwise.client.jms;

import io.brokerwise.client.ClientOptions;
import io.brokerwise.routing.RoutingMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.naming.Context;
import javax.naming.NamingException;
import javax.naming.spi.InitialContextFactory;
import org.apache.activemq.artemis.api.jms.ActiveMQJMSClient;

/**
 * JNDI for a Brokerwise layout: an application that looks up its {@code ConnectionFactory}, topics and queues
 * switches to a layout by its {@code jndi.properties} alone, the way Taton et al. ("Improving the performances of
 * JMS-based applications", sec. 6.3) registered their clustered factory in JNDI.
 * <pre>
 * java.naming.factory.initial = io.brokerwise.client.jms.BrokerwiseInitialContextFactory
 * brokerwise.routingMap = /etc/brokerwise/routing/routing.json
 * connectionFactory.ConnectionFactory =
 * topic.orders = orders
 * queue.work = work
 * </pre>
 * The user and password are {@code java.naming.security.principal} and {@code java.naming.security.credentials},
 * else the environment's {@code ARTEMIS_USER} and {@code ARTEMIS_PASSWORD} (the topology's Secret); brokers that
 * speak TLS are trusted by the CA of the PEM file {@value #CA_FILE} names, else of the environment's
 * {@code ARTEMIS_CA} (the same Secret's key, present when its brokers speak TLS). Contexts
 * with the same settings share one factory, so their producers and consumers are placed together. Every topic and
 * queue the routing map carries when the context is made is bound under its own name too, unless an entry binds
 * that name: an application that looks up {@code prices} needs no {@code topic.prices} line.
 */
public final class BrokerwiseInitialContextFactory implements InitialContextFactory {

    /** The routing map file; default the routing ConfigMap's mount path. */
    public static final String ROUTING_MAP = "brokerwise.routingMap";
    /** This process's index among the processes sharing the layout (e.g. a pod ordinal); default 0. */
    public static final String CLIENT_INDEX = "brokerwise.clientIndex";
    /** Extra Artemis connection URL parameters, e.g. {@code blockOnDurableSend=false}. */
    public static final String URL_PARAMETERS = "brokerwise.urlParameters";
    /** A PEM file of the brokers' CA (the topology Secret's {@code ARTEMIS_CA} mounted as a file); default none. */
    public static final String CA_FILE = "brokerwise.caFile";
    /** How often the routing map file is re-read; default 5 seconds. */
    public static final String WATCH_PERIOD_MILLIS = "brokerwise.watchPeriodMillis";
    public static final String DEFAULT_ROUTING_MAP = "/etc/brokerwise/routing/routing.json";

    private static final String FACTORY_PREFIX = "connectionFactory.";
    private static final String TOPIC_PREFIX = "topic.";
    private static final String QUEUE_PREFIX = "queue.";

    private record Settings(Path routingMap, ClientOptions options, int clientIndex, long periodMillis) {
    }

    private static final Map<Settings, BrokerwiseConnectionFactory> FACTORIES = new ConcurrentHashMap<>();

    @Override
    public Context getInitialContext(Hashtable<?, ?> environment) throws NamingException {
        Map<String, String> env = new HashMap<>();
        environment.forEach((k, v) -> env.put(String.valueOf(k), String.valueOf(v)));
        String user = env.getOrDefault(Context.SECURITY_PRINCIPAL, System.getenv("ARTEMIS_USER"));
        String password = env.getOrDefault(Context.SECURITY_CREDENTIALS, System.getenv("ARTEMIS_PASSWORD"));
        if (user == null || password == null) {
            throw new NamingException("the brokers need a user and a password: set java.naming.security.principal "
                    + "and java.naming.security.credentials (jndi.properties), or ARTEMIS_USER and ARTEMIS_PASSWORD");
        }
        Settings settings = new Settings(Path.of(env.getOrDefault(ROUTING_MAP, DEFAULT_ROUTING_MAP)),
                new ClientOptions(user, password, env.getOrDefault(URL_PARAMETERS, ""), trustedCa(env)),
                number(env, CLIENT_INDEX, 0), number(env, WATCH_PERIOD_MILLIS, 5000));
        Map<String, Object> bindings = new HashMap<>();
        for (Map.Entry<String, String> e : env.entrySet()) {
            String key = e.getKey();
            if (key.startsWith(FACTORY_PREFIX)) {
                bindings.put(key.substring(FACTORY_PREFIX.length()), factory(settings));
            } else if (key.startsWith(TOPIC_PREFIX)) {
                bindings.put(key.substring(TOPIC_PREFIX.length()), ActiveMQJMSClient.createTopic(e.getValue()));
            } else if (key.startsWith(QUEUE_PREFIX)) {
                // Checked when used, against the routing map of that moment: a queue the layout does not carry
                // fails there, naming the ones it does.
                bindings.put(key.substring(QUEUE_PREFIX.length()), ActiveMQJMSClient.createQueue(e.getValue()));
            }
        }
        if (bindings.values().stream().noneMatch(BrokerwiseConnectionFactory.class::isInstance)) {
            bindings.put("ConnectionFactory", factory(settings));
        }
        RoutingMap map = factory(settings).routingMap();
        map.topics().forEach(t -> bindings.putIfAbsent(t, ActiveMQJMSClient.createTopic(t)));
        map.queues().forEach(q -> bindings.putIfAbsent(q.name(), ActiveMQJMSClient.createQueue(q.name())));
        return new ReadOnlyContext(bindings, environment);
    }

    private static String trustedCa(Map<String, String> env) throws NamingException {
        String file = env.get(CA_FILE);
        if (file == null) {
            return System.getenv(ClientOptions.CA_ENV);
        }
        try {
            return Files.readString(Path.of(file));
        } catch (IOException e) {
            NamingException n = new NamingException("cannot read the brokers' CA " + file + " (" + CA_FILE + "): " + e);
            n.setRootCause(e);
            throw n;
        }
    }

    private static BrokerwiseConnectionFactory factory(Settings s) throws NamingException {
        try {
            return FACTORIES.computeIfAbsent(s, k -> {
                try {
                    return new BrokerwiseConnectionFactory(s.routingMap(), s.options(), s.clientIndex(),
                            Duration.ofMillis(s.periodMillis()));
                } catch (IOException e) {
                    throw new IllegalArgumentException("cannot read the routing map " + s.routingMap() + " ("
                            + ROUTING_MAP + "): " + e, e);
                }
            });
        } catch (IllegalArgumentException e) {
            NamingException n = new NamingException(e.getMessage());
            n.setRootCause(e.getCause() != null ? e.getCause() : e);
            throw n;
        }
    }

    private static int number(Map<String, String> env, String key, int fallback) throws NamingException {
        String v = env.get(key);
        try {
            return v == null ? fallback : Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new NamingException(key + " must be a whole number, got '" + v + "'");
        }
    }
}
