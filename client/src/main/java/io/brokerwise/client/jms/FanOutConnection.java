package io.brokerwise.client.jms;

import io.brokerwise.client.TopologyClient;
import jakarta.jms.ConnectionConsumer;
import jakarta.jms.ConnectionMetaData;
import jakarta.jms.Destination;
import jakarta.jms.ExceptionListener;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.QueueConnection;
import jakarta.jms.QueueSession;
import jakarta.jms.ServerSessionPool;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import jakarta.jms.TopicConnection;
import jakarta.jms.TopicSession;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionMetaData;
import org.apache.activemq.artemis.utils.VersionLoader;

/**
 * A JMS connection to a whole layout. It holds no broker connection itself: each topic producer and consumer holds
 * one per broker of its row or column ({@link TopologyClient}), so that it can move between groups alone, and each
 * session that uses queues one to its replica. Stopping the connection holds back the topic's deliveries on the
 * brokers' threads, which in turn stops the brokers sending (consumer flow control), and stops the sessions' replica
 * connections.
 */
final class FanOutConnection implements TopicConnection, QueueConnection {

    final TopologyClient client;
    private final List<FanOutSession> sessions = new ArrayList<>();
    private boolean started;
    /** Volatile: every send checks it, and must not wait for the connection's lock to do so. */
    private volatile boolean closed;
    private String clientId;
    private ExceptionListener exceptionListener;
    private int contexts;

    FanOutConnection(TopologyClient client) {
        this.client = client;
    }

    /**
     * Blocks a broker's delivery thread until the connection is started; false once it or the waiting consumer
     * is closed (a closing consumer's broker link waits for this thread, so the wait must see it).
     */
    synchronized boolean awaitStarted(BooleanSupplier consumerClosed) {
        while (!started && !closed && !consumerClosed.getAsBoolean()) {
            try {
                wait(FanOutConsumer.CLOSE_CHECK_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return !closed && !consumerClosed.getAsBoolean();
    }

    boolean isClosed() {
        return closed;
    }

    void checkOpen() throws JMSException {
        if (closed) {
            throw new jakarta.jms.IllegalStateException("the connection is closed");
        }
    }

    @Override
    public synchronized FanOutSession createSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return createSession(transacted ? Session.SESSION_TRANSACTED : acknowledgeMode);
    }

    @Override
    public synchronized FanOutSession createSession(int sessionMode) throws JMSException {
        checkOpen();
        FanOutSession session = new FanOutSession(this, sessionMode);
        if (started) {
            session.replica.start();
        }
        sessions.add(session);
        return session;
    }

    @Override
    public FanOutSession createSession() throws JMSException {
        return createSession(Session.AUTO_ACKNOWLEDGE);
    }

    @Override
    public TopicSession createTopicSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return createSession(transacted, acknowledgeMode);
    }

    @Override
    public QueueSession createQueueSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return createSession(transacted, acknowledgeMode);
    }

    /** A JMSContext uses this connection; it closes when the last one does. */
    synchronized void contextOpened() {
        contexts++;
    }

    void contextClosed() {
        boolean last;
        synchronized (this) {
            last = --contexts == 0;
        }
        if (last) {
            close();
        }
    }

    synchronized void forget(FanOutSession session) {
        sessions.remove(session);
    }

    @Override
    public synchronized String getClientID() {
        return clientId;
    }

    /**
     * The client ID its unshared durable subscriptions carry, and its shared ones are scoped by: each durable
     * subscriber's links to its column's brokers set it there, so Artemis holds it to one connection at each.
     */
    @Override
    public synchronized void setClientID(String clientId) throws JMSException {
        checkOpen();
        if (this.clientId != null) {
            throw new jakarta.jms.IllegalStateException("the client ID is already set");
        }
        ClientIds.claim(clientId);
        this.clientId = clientId;
    }

    @Override
    public ConnectionMetaData getMetaData() {
        return new ActiveMQConnectionMetaData(VersionLoader.getVersion());
    }

    @Override
    public synchronized ExceptionListener getExceptionListener() {
        return exceptionListener;
    }

    /** Kept, never called: a broker that fails is reconnected to, and a routing map that fails is retried. */
    @Override
    public synchronized void setExceptionListener(ExceptionListener listener) {
        this.exceptionListener = listener;
    }

    @Override
    public synchronized void start() throws JMSException {
        checkOpen();
        started = true;
        notifyAll();
        for (FanOutSession session : sessions) {
            session.replica.start();
        }
    }

    /**
     * Returns once no queue listener runs (the replicas' connections stop so). Those stop outside the lock: a
     * listener may create a session before it returns.
     */
    @Override
    public void stop() throws JMSException {
        List<FanOutSession> open;
        synchronized (this) {
            checkOpen();
            started = false;
            open = List.copyOf(sessions);
        }
        for (FanOutSession session : open) {
            session.replica.stop();
        }
    }

    @Override
    public void close() {
        List<FanOutSession> open;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            notifyAll();
            open = new ArrayList<>(sessions);
        }
        open.forEach(FanOutSession::close);
        if (clientId != null) {
            ClientIds.release(clientId);
        }
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Destination destination, String selector,
                                                       ServerSessionPool pool, int maxMessages) throws JMSException {
        throw Refusal.SERVER_SESSIONS.exception();
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Topic topic, String selector, ServerSessionPool pool,
                                                       int maxMessages) throws JMSException {
        throw Refusal.SERVER_SESSIONS.exception();
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Queue queue, String selector, ServerSessionPool pool,
                                                       int maxMessages) throws JMSException {
        throw Refusal.SERVER_SESSIONS.exception();
    }

    @Override
    public ConnectionConsumer createSharedConnectionConsumer(Topic topic, String name, String selector,
                                                             ServerSessionPool pool, int maxMessages)
            throws JMSException {
        throw Refusal.SERVER_SESSIONS.exception();
    }

    @Override
    public ConnectionConsumer createDurableConnectionConsumer(Topic topic, String name, String selector,
                                                              ServerSessionPool pool, int maxMessages)
            throws JMSException {
        throw Refusal.SERVER_SESSIONS.exception();
    }

    @Override
    public ConnectionConsumer createSharedDurableConnectionConsumer(Topic topic, String name, String selector,
                                                                    ServerSessionPool pool, int maxMessages)
            throws JMSException {
        throw Refusal.SERVER_SESSIONS.exception();
    }
}
