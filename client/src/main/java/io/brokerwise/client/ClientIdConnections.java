package io.brokerwise.client;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import java.util.HashMap;
import java.util.Map;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * The one connection per broker and client ID that a process holds: Artemis refuses a second connection with a
 * client ID a broker already has (InvalidClientIDException), so every durable subscription of that ID at a broker
 * opens its session on this connection. It closes with its last session. Another process with the same ID is
 * refused at each broker of the column they share. One lock guards the registry, connecting included: a client ID's
 * durable subscriptions are few and opened rarely.
 */
final class ClientIdConnections {

    /** A connection is shared only where every setting it was dialled with is the same. */
    private record Key(String address, ClientOptions options, String clientId) {
    }

    private static final class Held {
        final ActiveMQConnectionFactory factory;
        final Connection connection;
        int users;

        Held(ActiveMQConnectionFactory factory, Connection connection) {
            this.factory = factory;
            this.connection = connection;
        }
    }

    private static final Map<Key, Held> HELD = new HashMap<>();

    private ClientIdConnections() {
    }

    /** The connection to {@code address} with {@code clientId}, opened on first use; release it with {@link #release}. */
    static synchronized Connection acquire(String address, ClientOptions options, String clientId)
            throws JMSException {
        Key key = new Key(address, options, clientId);
        Held held = HELD.get(key);
        if (held == null) {
            ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(options.url(address));
            try {
                Connection connection = factory.createConnection(options.user(), options.password());
                try {
                    connection.setClientID(clientId);
                } catch (JMSException | RuntimeException e) {
                    connection.close();
                    throw e;
                }
                held = new Held(factory, connection);
            } catch (JMSException | RuntimeException e) {
                factory.close();
                throw e;
            }
            HELD.put(key, held);
        }
        held.users++;
        return held.connection;
    }

    /** One session on it has closed; the last closes the connection. */
    static synchronized void release(String address, ClientOptions options, String clientId) {
        Key key = new Key(address, options, clientId);
        Held held = HELD.get(key);
        if (held != null && --held.users == 0) {
            HELD.remove(key);
            try {
                held.connection.close();
            } catch (JMSException e) {
                // the broker may be gone; nothing is left to release
            }
            held.factory.close();
        }
    }
}
