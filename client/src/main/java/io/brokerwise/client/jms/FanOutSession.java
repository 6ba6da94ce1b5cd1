package io.brokerwise.client.jms;

import io.brokerwise.client.ReplicaSession;
import io.brokerwise.client.Subscription;
import jakarta.jms.BytesMessage;
import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.QueueSession;
import jakarta.jms.Session;
import jakarta.jms.StreamMessage;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import jakarta.jms.TopicSession;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.activemq.artemis.api.jms.ActiveMQJMSClient;

/**
 * A JMS session on a layout: a message factory and the producers and consumers it made. Topic clients fan out over
 * their row or column ({@link FanOutProducer}, {@link FanOutConsumer}); queue clients sit at the session's one
 * replica ({@link ReplicaSession}, {@link QueueConsumer}), which is what lets a transacted or client-acknowledged
 * session use queues, and refuse the topic. Its consumers' listeners are called one at a time ({@link #deliveryLock}),
 * as JMS requires of a session, although their messages arrive from several brokers at once.
 */
final class FanOutSession implements TopicSession, QueueSession {

    final FanOutConnection connection;
    private final int mode;
    /** Held while a listener of this session runs. */
    final Object deliveryLock = new Object();
    /** The session's queue side, pinned to one replica by its first queue producer or consumer. */
    final ReplicaSession replica;
    private final List<AutoCloseable> children = new ArrayList<>();
    /** The last queue message a client-acknowledged session delivered (a receive's, a listener's thread). */
    private volatile Message lastDelivered;
    private boolean closed;

    FanOutSession(FanOutConnection connection, int mode) throws JMSException {
        switch (mode) {
            case Session.AUTO_ACKNOWLEDGE, Session.DUPS_OK_ACKNOWLEDGE, Session.CLIENT_ACKNOWLEDGE,
                 Session.SESSION_TRANSACTED -> { }
            default -> throw new JMSException("unknown session mode " + mode);
        }
        this.connection = connection;
        this.mode = mode;
        this.replica = connection.client.replicaSession(mode);
    }

    /** Whether the session's transaction or acknowledgements live at its replica, so that it must keep to it. */
    private boolean keepsToOneReplica() {
        return mode == Session.SESSION_TRANSACTED || mode == Session.CLIENT_ACKNOWLEDGE;
    }

    /**
     * The layout's topic for {@code destination}, which this session may use: a transacted or client-acknowledged
     * one may not (its transaction or acknowledgements would span brokers).
     */
    Topic topic(Destination destination) throws JMSException {
        Topic topic = layoutTopic(destination);
        if (mode == Session.SESSION_TRANSACTED) {
            throw Refusal.TRANSACTION.exception();
        }
        if (mode == Session.CLIENT_ACKNOWLEDGE) {
            throw Refusal.CLIENT_ACKNOWLEDGE.exception();
        }
        return topic;
    }

    /** One of the layout's topics for {@code destination}; anything else is refused, never sent elsewhere. */
    private Topic layoutTopic(Destination destination) throws JMSException {
        refuseTemporary(destination);
        if (!(destination instanceof Topic topic)) {
            throw new InvalidDestinationException("not a topic: " + destination);
        }
        connection.client.requireTopic(topic.getTopicName());
        return topic;
    }

    /** One of the layout's queues for {@code destination}, else an InvalidDestinationException naming them. */
    Queue queue(Destination destination) throws JMSException {
        refuseTemporary(destination);
        if (!(destination instanceof Queue queue)) {
            throw new InvalidDestinationException("not a queue: " + destination);
        }
        connection.client.requireQueue(queue.getQueueName());
        return queue;
    }

    private static void refuseTemporary(Destination destination) throws JMSException {
        if (destination instanceof TemporaryTopic || destination instanceof TemporaryQueue) {
            throw Refusal.TEMPORARY.exception();
        }
    }

    private synchronized <T extends AutoCloseable> T adopt(T child) throws JMSException {
        if (closed) {
            closeQuietly(child);
            throw new jakarta.jms.IllegalStateException("the session is closed");
        }
        children.add(child);
        return child;
    }

    synchronized void forget(AutoCloseable child) {
        children.remove(child);
    }

    /** A producer of the layout's topic or of one of its queues, or of both (no destination: named at each send). */
    @Override
    public FanOutProducer createProducer(Destination destination) throws JMSException {
        connection.checkOpen();
        return adopt(new FanOutProducer(this, destination));
    }

    @Override
    public FanOutProducer createPublisher(Topic topic) throws JMSException {
        return createProducer(topic);
    }

    @Override
    public FanOutProducer createSender(Queue queue) throws JMSException {
        return createProducer(queue);
    }

    @Override
    public MessageConsumer createConsumer(Destination destination) throws JMSException {
        return createConsumer(destination, null, false);
    }

    @Override
    public MessageConsumer createConsumer(Destination destination, String selector) throws JMSException {
        return createConsumer(destination, selector, false);
    }

    @Override
    public MessageConsumer createConsumer(Destination destination, String selector, boolean noLocal)
            throws JMSException {
        if (noLocal) {
            throw Refusal.NO_LOCAL.exception();
        }
        if (destination == null) {
            throw new InvalidDestinationException("a consumer needs a destination");
        }
        return destination instanceof Queue queue ? createReceiver(queue, selector) : subscriber(destination, selector);
    }

    @Override
    public FanOutConsumer createSubscriber(Topic topic) throws JMSException {
        return createSubscriber(topic, null, false);
    }

    @Override
    public FanOutConsumer createSubscriber(Topic topic, String selector, boolean noLocal) throws JMSException {
        if (noLocal) {
            throw Refusal.NO_LOCAL.exception();
        }
        return subscriber(topic, selector);
    }

    private FanOutConsumer subscriber(Destination topic, String selector) throws JMSException {
        return subscriber(topic, selector, Subscription.NON_DURABLE);
    }

    private FanOutConsumer subscriber(Destination topic, String selector, Subscription subscription)
            throws JMSException {
        connection.checkOpen();
        return adopt(new FanOutConsumer(this, topic(topic), selector, subscription));
    }

    /** An unshared durable subscription of this connection's client ID, which Jakarta Messaging requires. */
    private Subscription durable(String name) throws JMSException {
        String clientId = connection.getClientID();
        if (clientId == null) {
            throw new jakarta.jms.IllegalStateException("an unshared durable subscription needs the connection's "
                    + "client ID: call setClientID first, or use createSharedDurableConsumer, which needs none");
        }
        return Subscription.durable(name, clientId);
    }

    @Override
    public QueueConsumer createReceiver(Queue queue) throws JMSException {
        return createReceiver(queue, null);
    }

    /**
     * A consumer at the session's replica; with a selector at every replica, so not in a session that keeps to one
     * replica (docs/queues.md: such a consumer there could leave a message only it matches waiting elsewhere).
     */
    @Override
    public QueueConsumer createReceiver(Queue queue, String selector) throws JMSException {
        connection.checkOpen();
        Queue routed = queue(queue);
        if (selector != null && !selector.isBlank() && keepsToOneReplica()) {
            throw Refusal.SELECTOR_ON_ONE_REPLICA.exception();
        }
        return adopt(new QueueConsumer(this, routed, selector));
    }

    @Override
    public FanOutConsumer createSharedConsumer(Topic topic, String name) throws JMSException {
        return createSharedConsumer(topic, name, null);
    }

    @Override
    public FanOutConsumer createSharedConsumer(Topic topic, String name, String selector) throws JMSException {
        return subscriber(topic, selector, Subscription.shared(name, connection.getClientID(), false));
    }

    @Override
    public FanOutConsumer createDurableSubscriber(Topic topic, String name) throws JMSException {
        return createDurableSubscriber(topic, name, null, false);
    }

    @Override
    public FanOutConsumer createDurableSubscriber(Topic topic, String name, String selector, boolean noLocal)
            throws JMSException {
        return createDurableConsumer(topic, name, selector, noLocal);
    }

    @Override
    public FanOutConsumer createDurableConsumer(Topic topic, String name) throws JMSException {
        return createDurableConsumer(topic, name, null, false);
    }

    @Override
    public FanOutConsumer createDurableConsumer(Topic topic, String name, String selector, boolean noLocal)
            throws JMSException {
        if (noLocal) {
            throw Refusal.NO_LOCAL.exception();
        }
        return subscriber(topic, selector, durable(name));
    }

    @Override
    public FanOutConsumer createSharedDurableConsumer(Topic topic, String name) throws JMSException {
        return createSharedDurableConsumer(topic, name, null);
    }

    @Override
    public FanOutConsumer createSharedDurableConsumer(Topic topic, String name, String selector)
            throws JMSException {
        return subscriber(topic, selector, Subscription.shared(name, connection.getClientID(), true));
    }

    /**
     * Removes durable subscription {@code name}: this connection's unshared one where it has a client ID, else (or
     * where that has none) the shared one of that name.
     */
    @Override
    public void unsubscribe(String name) throws JMSException {
        connection.checkOpen();
        String clientId = connection.getClientID();
        if (clientId != null) {
            try {
                connection.client.unsubscribe(Subscription.durable(name, clientId));
                return;
            } catch (InvalidDestinationException e) {
                // not an unshared one: a shared durable subscription of that name, below
            }
        }
        connection.client.unsubscribe(Subscription.shared(name, clientId, true));
    }

    @Override
    public Queue createQueue(String name) throws JMSException {
        return queue(ActiveMQJMSClient.createQueue(name));
    }

    @Override
    public QueueBrowser createBrowser(Queue queue) throws JMSException {
        return createBrowser(queue, null);
    }

    /** A browser of every replica of the queue, one after another (docs/queues.md). */
    @Override
    public QueueBrowser createBrowser(Queue queue, String selector) throws JMSException {
        connection.checkOpen();
        return adopt(connection.client.queueBrowser(queue(queue).getQueueName(), selector, this::forget));
    }

    @Override
    public TemporaryQueue createTemporaryQueue() throws JMSException {
        throw Refusal.TEMPORARY.exception();
    }

    @Override
    public TemporaryTopic createTemporaryTopic() throws JMSException {
        throw Refusal.TEMPORARY.exception();
    }

    /** The layout's topic, in any session: a transacted one is refused when it uses it. */
    @Override
    public Topic createTopic(String name) throws JMSException {
        return layoutTopic(ActiveMQJMSClient.createTopic(name));
    }

    @Override
    public Message createMessage() {
        return OfflineMessages.message();
    }

    @Override
    public BytesMessage createBytesMessage() {
        return OfflineMessages.bytes();
    }

    @Override
    public MapMessage createMapMessage() {
        return OfflineMessages.map();
    }

    @Override
    public ObjectMessage createObjectMessage() throws JMSException {
        return OfflineMessages.object(null);
    }

    @Override
    public ObjectMessage createObjectMessage(Serializable object) throws JMSException {
        return OfflineMessages.object(object);
    }

    @Override
    public StreamMessage createStreamMessage() {
        return OfflineMessages.stream();
    }

    @Override
    public TextMessage createTextMessage() throws JMSException {
        return OfflineMessages.text(null);
    }

    @Override
    public TextMessage createTextMessage(String text) throws JMSException {
        return OfflineMessages.text(text);
    }

    @Override
    public boolean getTransacted() {
        return mode == Session.SESSION_TRANSACTED;
    }

    @Override
    public int getAcknowledgeMode() {
        return mode;
    }

    /** Commits at the session's replica, where all its queue clients are (the topic is refused in it). */
    @Override
    public void commit() throws JMSException {
        transacted("commit");
        replica.commit();
    }

    @Override
    public void rollback() throws JMSException {
        transacted("roll back");
        replica.rollback();
    }

    private void transacted(String what) throws JMSException {
        connection.checkOpen();
        if (mode != Session.SESSION_TRANSACTED) {
            throw new jakarta.jms.IllegalStateException("only a transacted session can " + what);
        }
    }

    /**
     * Delivers a client-acknowledged session's unacknowledged messages again. AUTO and DUPS_OK sessions acknowledge
     * each message as it is delivered, so they have nothing to redeliver.
     */
    @Override
    public void recover() throws JMSException {
        connection.checkOpen();
        if (mode == Session.SESSION_TRANSACTED) {
            throw new jakarta.jms.IllegalStateException("a transacted session rolls back instead of recovering");
        }
        if (mode == Session.CLIENT_ACKNOWLEDGE) {
            replica.recover();
        }
    }

    /**
     * Acknowledges what a client-acknowledged session consumed (JMSContext's {@code acknowledge}); AUTO and DUPS_OK
     * did on delivery. Artemis acknowledges all that its session consumed when any message of it is acknowledged, and
     * all of this session's queue messages come from its one Artemis session, so the last one delivered stands for all.
     */
    void acknowledge() throws JMSException {
        connection.checkOpen();
        Message last = lastDelivered;
        if (last != null) {
            last.acknowledge();
        }
    }

    /** Notes a queue message handed to the application, for {@link #acknowledge}; returns it. */
    Message delivered(Message message) {
        if (message != null && mode == Session.CLIENT_ACKNOWLEDGE) {
            lastDelivered = message;
        }
        return message;
    }

    @Override
    public MessageListener getMessageListener() throws JMSException {
        throw Refusal.SERVER_SESSIONS.exception();
    }

    @Override
    public void setMessageListener(MessageListener listener) throws JMSException {
        throw Refusal.SERVER_SESSIONS.exception();
    }

    @Override
    public void run() {
        throw new UnsupportedOperationException(Refusal.SERVER_SESSIONS.message());
    }

    @Override
    public void close() {
        List<AutoCloseable> open;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            open = new ArrayList<>(children);
        }
        open.forEach(FanOutSession::closeQuietly);
        replica.close();
        connection.forget(this);
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // A broker link that is already gone has nothing left to release.
        }
    }
}
