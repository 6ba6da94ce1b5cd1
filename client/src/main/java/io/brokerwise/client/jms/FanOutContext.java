package io.brokerwise.client.jms;

import static io.brokerwise.client.jms.JmsCalls.get;
import static io.brokerwise.client.jms.JmsCalls.run;
import static io.brokerwise.client.jms.JmsCalls.unchecked;

import jakarta.jms.BytesMessage;
import jakarta.jms.ConnectionMetaData;
import jakarta.jms.Destination;
import jakarta.jms.ExceptionListener;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSProducer;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.StreamMessage;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import java.io.Serializable;

/**
 * The simplified API on a layout: one connection (shared by the contexts made from this one, and closed with
 * the last of them) and one session. All JMSProducers of a context share one producer, as they share the context's
 * session: placed in a row at its first send to the topic, at the session's replica at its first send to a queue.
 */
final class FanOutContext implements JMSContext {

    private final FanOutConnection connection;
    private final FanOutSession session;
    private FanOutProducer producer;
    private boolean autoStart = true;
    private boolean closed;

    FanOutContext(FanOutConnection connection, int sessionMode) {
        this.connection = connection;
        connection.contextOpened();
        try {
            this.session = connection.createSession(sessionMode);
        } catch (JMSException e) {
            connection.contextClosed();
            throw unchecked(e);
        }
    }

    @Override
    public JMSContext createContext(int sessionMode) {
        return new FanOutContext(connection, sessionMode);
    }

    /** The context's producer, placed in a row when the first JMSProducer sends. */
    synchronized FanOutProducer producer() throws JMSException {
        if (producer == null) {
            producer = session.createProducer(null);
        }
        return producer;
    }

    @Override
    public JMSProducer createProducer() {
        return new FanOutJmsProducer(this, session);
    }

    @Override
    public JMSConsumer createConsumer(Destination destination) {
        return createConsumer(destination, null, false);
    }

    @Override
    public JMSConsumer createConsumer(Destination destination, String selector) {
        return createConsumer(destination, selector, false);
    }

    @Override
    public JMSConsumer createConsumer(Destination destination, String selector, boolean noLocal) {
        return started(get(() -> session.createConsumer(destination, selector, noLocal)));
    }

    /** A consumer of the simplified API, the connection started with its first one unless autoStart is off. */
    private JMSConsumer started(MessageConsumer consumer) {
        if (autoStart) {
            run(connection::start);
        }
        return new FanOutJmsConsumer(consumer);
    }

    @Override
    public JMSConsumer createSharedConsumer(Topic topic, String name) {
        return createSharedConsumer(topic, name, null);
    }

    @Override
    public JMSConsumer createSharedConsumer(Topic topic, String name, String selector) {
        return started(get(() -> session.createSharedConsumer(topic, name, selector)));
    }

    @Override
    public JMSConsumer createDurableConsumer(Topic topic, String name) {
        return createDurableConsumer(topic, name, null, false);
    }

    @Override
    public JMSConsumer createDurableConsumer(Topic topic, String name, String selector, boolean noLocal) {
        return started(get(() -> session.createDurableConsumer(topic, name, selector, noLocal)));
    }

    @Override
    public JMSConsumer createSharedDurableConsumer(Topic topic, String name) {
        return createSharedDurableConsumer(topic, name, null);
    }

    @Override
    public JMSConsumer createSharedDurableConsumer(Topic topic, String name, String selector) {
        return started(get(() -> session.createSharedDurableConsumer(topic, name, selector)));
    }

    @Override
    public void unsubscribe(String name) {
        run(() -> session.unsubscribe(name));
    }

    @Override
    public QueueBrowser createBrowser(Queue queue) {
        return get(() -> session.createBrowser(queue));
    }

    @Override
    public QueueBrowser createBrowser(Queue queue, String selector) {
        return get(() -> session.createBrowser(queue, selector));
    }

    @Override
    public Queue createQueue(String name) {
        return get(() -> session.createQueue(name));
    }

    @Override
    public TemporaryQueue createTemporaryQueue() {
        throw Refusal.TEMPORARY.runtime();
    }

    @Override
    public TemporaryTopic createTemporaryTopic() {
        throw Refusal.TEMPORARY.runtime();
    }

    @Override
    public Topic createTopic(String name) {
        return get(() -> session.createTopic(name));
    }

    @Override
    public String getClientID() {
        return connection.getClientID();
    }

    @Override
    public void setClientID(String clientId) {
        run(() -> connection.setClientID(clientId));
    }

    @Override
    public ConnectionMetaData getMetaData() {
        return connection.getMetaData();
    }

    @Override
    public ExceptionListener getExceptionListener() {
        return connection.getExceptionListener();
    }

    @Override
    public void setExceptionListener(ExceptionListener listener) {
        connection.setExceptionListener(listener);
    }

    @Override
    public void start() {
        run(() -> connection.start());
    }

    @Override
    public void stop() {
        run(() -> connection.stop());
    }

    @Override
    public synchronized void setAutoStart(boolean autoStart) {
        this.autoStart = autoStart;
    }

    @Override
    public synchronized boolean getAutoStart() {
        return autoStart;
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        session.close();
        connection.contextClosed();
    }

    @Override
    public Message createMessage() {
        return session.createMessage();
    }

    @Override
    public BytesMessage createBytesMessage() {
        return session.createBytesMessage();
    }

    @Override
    public MapMessage createMapMessage() {
        return session.createMapMessage();
    }

    @Override
    public ObjectMessage createObjectMessage() {
        return createObjectMessage(null);
    }

    @Override
    public ObjectMessage createObjectMessage(Serializable object) {
        return get(() -> session.createObjectMessage(object));
    }

    @Override
    public StreamMessage createStreamMessage() {
        return session.createStreamMessage();
    }

    @Override
    public TextMessage createTextMessage() {
        return createTextMessage(null);
    }

    @Override
    public TextMessage createTextMessage(String text) {
        return get(() -> session.createTextMessage(text));
    }

    @Override
    public boolean getTransacted() {
        return session.getTransacted();
    }

    @Override
    public int getSessionMode() {
        return session.getAcknowledgeMode();
    }

    @Override
    public void commit() {
        run(session::commit);
    }

    @Override
    public void rollback() {
        run(session::rollback);
    }

    @Override
    public void recover() {
        run(session::recover);
    }

    /** What the context consumed, in CLIENT_ACKNOWLEDGE; the other modes acknowledge on delivery. */
    @Override
    public void acknowledge() {
        run(session::acknowledge);
    }
}
