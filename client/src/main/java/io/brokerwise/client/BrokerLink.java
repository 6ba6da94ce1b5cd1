package io.brokerwise.client;

import jakarta.jms.Connection;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * One client's connection and session at one broker, on one destination. Each client holds its own connection per
 * broker, as in the dissertation's setting: a PSR subscriber holds k of them, an SSR publisher l, a queue's
 * producer or consumer one, to its replica, a JMS session using queues one to its replica.
 */
final class BrokerLink implements AutoCloseable {

    final String address;
    final Connection connection;
    final Session session;
    final Destination destination;
    /**
     * What closes it: its own connection and the factory that owns the server locator under it (closing that early
     * would close the connection too), or its session on a connection of a client ID.
     */
    private final Runnable closing;
    /** A link may be closed twice (a move and a close racing); a shared connection is released once. */
    private final AtomicBoolean closed = new AtomicBoolean();

    private BrokerLink(String address, Connection connection, Session session, Destination destination,
                       Runnable closing) {
        this.address = address;
        this.connection = connection;
        this.session = session;
        this.destination = destination;
        this.closing = closing;
    }

    /** A link on one of the layout's topics. */
    static BrokerLink open(String address, String topicName, ClientOptions options) throws JMSException {
        return open(address, options, Session.AUTO_ACKNOWLEDGE, session -> session.createTopic(topicName));
    }

    /**
     * A link for a subscription to a topic: its connection carries the subscription's client ID, if any, and its
     * session acknowledges as the subscription does ({@link Subscription#acknowledgeMode}).
     */
    static BrokerLink toSubscribe(String address, String topicName, Subscription subscription, ClientOptions options)
            throws JMSException {
        String clientId = subscription.clientId();
        if (clientId == null) {
            return open(address, options, subscription.acknowledgeMode(), session -> session.createTopic(topicName));
        }
        Connection connection = ClientIdConnections.acquire(address, options, clientId);
        Session session = null;
        try {
            session = connection.createSession(subscription.acknowledgeMode());
            Session own = session;
            return new BrokerLink(address, connection, session, session.createTopic(topicName), () -> {
                closeQuietly(own);
                ClientIdConnections.release(address, options, clientId);
            });
        } catch (JMSException | RuntimeException e) {
            if (session != null) {
                closeQuietly(session);
            }
            ClientIdConnections.release(address, options, clientId);
            throw e;
        }
    }

    /** A link on a queue's replica at this broker. */
    static BrokerLink toQueue(String address, String queueName, ClientOptions options) throws JMSException {
        return open(address, options, Session.AUTO_ACKNOWLEDGE, session -> session.createQueue(queueName));
    }

    /**
     * A link for one consumer of a queue's replica at this broker, at a consumer priority (Artemis's: the broker
     * offers a message to a lower priority only when every consumer above has no credit for it or declines it).
     */
    static BrokerLink toQueueConsumer(String address, String queueName, int priority, ClientOptions options)
            throws JMSException {
        String destination = queueName + "?consumer-priority=" + priority;
        return open(address, options, Session.AUTO_ACKNOWLEDGE, session -> session.createQueue(destination));
    }

    /**
     * A link on each of a queue's {@code replicas}, each set up by {@code setup} (its consumer, its browser); if one
     * fails, those opened before are closed.
     */
    static List<BrokerLink> toEveryReplica(List<String> replicas, String queueName, ClientOptions options,
                                           Setup setup) throws JMSException {
        List<BrokerLink> links = new ArrayList<>();
        try {
            for (String replica : replicas) {
                BrokerLink link = toQueue(replica, queueName, options);
                links.add(link);
                setup.on(link);
            }
            return links;
        } catch (JMSException | RuntimeException e) {
            links.forEach(BrokerLink::close);
            throw e;
        }
    }

    /** What a new link gets before it is used. */
    interface Setup {
        void on(BrokerLink link) throws JMSException;
    }

    /**
     * A link whose session is in a JMS session mode (transacted, client-acknowledged, ...), on no destination of its
     * own: a JMS session's side at one queue replica ({@link ReplicaSession}), whose producers and consumers each
     * name their queue.
     */
    static BrokerLink inMode(String address, ClientOptions options, int sessionMode) throws JMSException {
        return open(address, options, sessionMode, session -> null);
    }

    /** What a link's destination is made of, from its session. */
    private interface DestinationOf {
        Destination in(Session session) throws JMSException;
    }

    private static BrokerLink open(String address, ClientOptions options, int sessionMode, DestinationOf destination)
            throws JMSException {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(options.url(address));
        Connection connection = null;
        try {
            connection = factory.createConnection(options.user(), options.password());
            Session session = connection.createSession(sessionMode);
            Connection own = connection;
            return new BrokerLink(address, connection, session, destination.in(session), () -> {
                closeQuietly(own);
                factory.close();
            });
        } catch (JMSException | RuntimeException e) {
            if (connection != null) {
                connection.close();
            }
            factory.close();
            throw e;
        }
    }

    /** The topic of a link {@link #open}ed on it. */
    Topic topic() {
        return (Topic) destination;
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            closing.run();
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // The broker may already be gone (that is often why the link is closed); nothing is left to release.
        }
    }
}
