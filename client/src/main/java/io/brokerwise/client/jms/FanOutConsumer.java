package io.brokerwise.client.jms;

import io.brokerwise.client.Subscriber;
import io.brokerwise.client.Subscription;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.Topic;
import jakarta.jms.TopicSubscriber;
import java.lang.System.Logger.Level;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A JMS consumer on a layout: a {@link Subscriber} placed in one column by ElectQueue, whose selector is
 * registered at each broker of that column. Messages arrive on one thread per broker; they pass through a
 * bounded buffer, from which {@code receive} takes them or the session's delivery hands them to the listener
 * one at a time. A full buffer (nobody receiving) or a stopped connection holds the brokers' threads, and
 * with them the brokers' sending (Artemis's consumer window), so nothing is dropped.
 */
final class FanOutConsumer implements TopicSubscriber {

    private static final System.Logger LOG = System.getLogger(FanOutConsumer.class.getName());
    /** Messages held for receive; beyond it the brokers wait. */
    private static final int BUFFER = 1000;
    /** How often a blocked receive or a blocked arrival looks whether the consumer was closed meanwhile. */
    static final long CLOSE_CHECK_MILLIS = 100;

    private final FanOutSession session;
    private final Topic topic;
    private final String selector;
    private final BlockingQueue<Message> buffer = new LinkedBlockingQueue<>(BUFFER);
    private final Subscriber subscriber;
    private volatile MessageListener listener;
    private volatile boolean closed;

    FanOutConsumer(FanOutSession session, Topic topic, String selector, Subscription subscription)
            throws JMSException {
        this.session = session;
        this.topic = topic;
        this.selector = selector;
        this.subscriber = session.connection.client.subscriber(topic.getTopicName(), selector, subscription,
                this::arrive, true);
    }

    /** A broker link's delivery thread: buffer the message, then hand the buffer to the listener if any. */
    private void arrive(Message message) {
        if (!session.connection.awaitStarted(() -> closed)) {
            return;
        }
        try {
            while (!buffer.offer(message, CLOSE_CHECK_MILLIS, TimeUnit.MILLISECONDS)) {
                if (closed) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (listener != null) {
            drain();
        }
    }

    /** Delivers what is buffered to the listener, one message at a time per session. */
    private void drain() {
        synchronized (session.deliveryLock) {
            MessageListener l = listener;
            while (l != null && !closed) {
                Message m = buffer.poll();
                if (m == null) {
                    return;
                }
                try {
                    l.onMessage(m);
                    handedOn(m);
                } catch (RuntimeException e) {
                    // JMS says a listener must not throw. A durable subscription's message stays unacknowledged and
                    // comes again, redelivered; a non-durable one's was acknowledged on arrival and is gone.
                    LOG.log(Level.WARNING, "message listener threw on message " + id(m), e);
                }
            }
        }
    }

    private static String id(Message m) {
        try {
            return m.getJMSMessageID();
        } catch (JMSException e) {
            return "?";
        }
    }

    @Override
    public Topic getTopic() {
        return topic;
    }

    @Override
    public boolean getNoLocal() {
        return false;
    }

    @Override
    public String getMessageSelector() {
        return selector;
    }

    @Override
    public MessageListener getMessageListener() {
        return listener;
    }

    /** Messages that arrived before the listener was set go to it now, in order. */
    @Override
    public void setMessageListener(MessageListener listener) throws JMSException {
        session.connection.checkOpen();
        this.listener = listener;
        if (listener != null) {
            drain();
        }
    }

    @Override
    public Message receive() throws JMSException {
        return receive(0);
    }

    /** The next message within {@code timeout} ms (0: wait until one comes or the consumer closes), or null. */
    @Override
    public Message receive(long timeout) throws JMSException {
        if (listener != null) {
            throw new jakarta.jms.IllegalStateException("this consumer has a message listener");
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
        try {
            while (!closed) {
                long slice = timeout == 0 ? CLOSE_CHECK_MILLIS
                        : Math.min(CLOSE_CHECK_MILLIS, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
                Message m = buffer.poll(Math.max(slice, 0), TimeUnit.MILLISECONDS);
                if (m != null || timeout != 0 && System.nanoTime() - deadline >= 0) {
                    return handedOn(m);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    @Override
    public Message receiveNoWait() throws JMSException {
        if (listener != null) {
            throw new jakarta.jms.IllegalStateException("this consumer has a message listener");
        }
        return handedOn(buffer.poll());
    }

    /**
     * A message the application has taken: acknowledged now where its subscription is durable (a non-durable
     * subscription's messages were acknowledged on arrival), so that what a closed consumer never took stays with
     * the brokers for its return. A message whose link has closed meanwhile (its broker left the column) cannot be
     * acknowledged: it is handed on all the same, and comes again, flagged redelivered, if its subscriber reads that
     * broker again.
     */
    private static Message handedOn(Message m) {
        if (m != null) {
            try {
                m.acknowledge();
            } catch (JMSException e) {
                LOG.log(Level.DEBUG, "message " + id(m) + " not acknowledged: its link has closed", e);
            }
        }
        return m;
    }

    /**
     * Ends the subscriptions at the column's brokers; messages still buffered are dropped with them, and a durable
     * subscription's, never acknowledged, come again when its subscriber returns.
     */
    @Override
    public void close() {
        closed = true;
        session.connection.client.remove(subscriber);
        buffer.clear();
        session.forget(this);
    }
}
