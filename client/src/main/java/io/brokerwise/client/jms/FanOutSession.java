package io.brokerwise.client.jms;

import jakarta.jms.BytesMessage;
import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
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
 * A JMS session on a layout: a message factory and the producers and consumers it made. Its consumers'
 * listeners are called one at a time ({@link #deliveryLock}), as JMS requires of a session, although their
 * messages arrive from several brokers at once.
 */
final class FanOutSession implements TopicSession {

    final FanOutConnection connection;
    private final int mode;
    /** Held while a listener of this session runs. */
    final Object deliveryLock = new Object();
    private final List<AutoCloseable> children = new ArrayList<>();
    private boolean closed;

    FanOutSession(FanOutConnection connection, int mode) throws JMSException {
        switch (mode) {
            case Session.AUTO_ACKNOWLEDGE, Session.DUPS_OK_ACKNOWLEDGE -> { }
            case Session.SESSION_TRANSACTED -> throw Refusal.TRANSACTION.exception();
            case Session.CLIENT_ACKNOWLEDGE -> throw Refusal.CLIENT_ACKNOWLEDGE.exception();
            default -> throw new JMSException("unknown session mode " + mode);
        }
        this.connection = connection;
        this.mode = mode;
    }

    /**
     * The layout's topic for {@code destination}, or null for none (an unidentified producer). Anything the
     * layout does not route is refused, never sent elsewhere.
     */
    Topic routed(Destination destination) throws JMSException {
        if (destination == null) {
            return null;
        }
        if (destination instanceof TemporaryTopic || destination instanceof TemporaryQueue) {
            throw Refusal.TEMPORARY.exception();
        }
        if (!(destination instanceof Topic topic)) {
            throw Refusal.QUEUE.exception();
        }
        String layoutTopic = connection.client.routingMap().topic();
        if (!layoutTopic.equals(topic.getTopicName())) {
            throw new InvalidDestinationException(Refusal.OTHER_TOPIC.message() + " ('" + layoutTopic + "', not '"
                    + topic.getTopicName() + "')", Refusal.OTHER_TOPIC.name());
        }
        return topic;
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

    @Override
    public FanOutProducer createProducer(Destination destination) throws JMSException {
        connection.checkOpen();
        return adopt(new FanOutProducer(this, routed(destination)));
    }

    @Override
    public FanOutProducer createPublisher(Topic topic) throws JMSException {
        return createProducer(topic);
    }

    @Override
    public FanOutConsumer createConsumer(Destination destination) throws JMSException {
        return createConsumer(destination, null, false);
    }

    @Override
    public FanOutConsumer createConsumer(Destination destination, String selector) throws JMSException {
        return createConsumer(destination, selector, false);
    }

    @Override
    public FanOutConsumer createConsumer(Destination destination, String selector, boolean noLocal)
            throws JMSException {
        connection.checkOpen();
        if (noLocal) {
            throw Refusal.NO_LOCAL.exception();
        }
        Topic topic = routed(destination);
        if (topic == null) {
            throw new InvalidDestinationException("a consumer needs a destination");
        }
        return adopt(new FanOutConsumer(this, topic, selector));
    }

    @Override
    public FanOutConsumer createSubscriber(Topic topic) throws JMSException {
        return createConsumer(topic);
    }

    @Override
    public FanOutConsumer createSubscriber(Topic topic, String selector, boolean noLocal) throws JMSException {
        return createConsumer(topic, selector, noLocal);
    }

    @Override
    public FanOutConsumer createSharedConsumer(Topic topic, String name) throws JMSException {
        throw Refusal.SHARED.exception();
    }

    @Override
    public FanOutConsumer createSharedConsumer(Topic topic, String name, String selector) throws JMSException {
        throw Refusal.SHARED.exception();
    }

    @Override
    public FanOutConsumer createDurableSubscriber(Topic topic, String name) throws JMSException {
        throw Refusal.DURABLE.exception();
    }

    @Override
    public FanOutConsumer createDurableSubscriber(Topic topic, String name, String selector, boolean noLocal)
            throws JMSException {
        throw Refusal.DURABLE.exception();
    }

    @Override
    public FanOutConsumer createDurableConsumer(Topic topic, String name) throws JMSException {
        throw Refusal.DURABLE.exception();
    }

    @Override
    public FanOutConsumer createDurableConsumer(Topic topic, String name, String selector, boolean noLocal)
            throws JMSException {
        throw Refusal.DURABLE.exception();
    }

    @Override
    public FanOutConsumer createSharedDurableConsumer(Topic topic, String name) throws JMSException {
        throw Refusal.DURABLE.exception();
    }

    @Override
    public FanOutConsumer createSharedDurableConsumer(Topic topic, String name, String selector)
            throws JMSException {
        throw Refusal.DURABLE.exception();
    }

    @Override
    public void unsubscribe(String name) throws JMSException {
        throw Refusal.DURABLE.exception();
    }

    @Override
    public Queue createQueue(String name) throws JMSException {
        throw Refusal.QUEUE.exception();
    }

    @Override
    public QueueBrowser createBrowser(Queue queue) throws JMSException {
        throw Refusal.QUEUE.exception();
    }

    @Override
    public QueueBrowser createBrowser(Queue queue, String selector) throws JMSException {
        throw Refusal.QUEUE.exception();
    }

    @Override
    public TemporaryQueue createTemporaryQueue() throws JMSException {
        throw Refusal.TEMPORARY.exception();
    }

    @Override
    public TemporaryTopic createTemporaryTopic() throws JMSException {
        throw Refusal.TEMPORARY.exception();
    }

    @Override
    public Topic createTopic(String name) throws JMSException {
        return routed(ActiveMQJMSClient.createTopic(name));
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
        return false;
    }

    @Override
    public int getAcknowledgeMode() {
        return mode;
    }

    @Override
    public void commit() throws JMSException {
        throw Refusal.TRANSACTION.exception();
    }

    @Override
    public void rollback() throws JMSException {
        throw Refusal.TRANSACTION.exception();
    }

    /** Nothing to redeliver: messages are acknowledged as they reach the session (AUTO and DUPS_OK only). */
    @Override
    public void recover() throws JMSException {
        connection.checkOpen();
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
