package io.brokerwise.client;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A JMS session's consumer of one queue ({@link ReplicaSession}): an Artemis consumer at the session's replica, or
 * one at every replica for a selector. Messages stay the brokers' until the application takes them: a receive takes
 * one from an Artemis consumer, acknowledged in the session's mode, and what the consumers hold when it closes goes
 * back to the queue. Nothing is buffered here, so nothing is lost by closing.
 */
public final class ReplicaConsumer implements AutoCloseable {

    /** How long a receive waits at one replica before looking at the next, when it reads several. */
    static final long SLICE_MILLIS = 10;

    private final List<MessageConsumer> consumers;
    private final Runnable detach;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The replica a receive looks at next, so that none waits behind another; the receiving thread's own. */
    private int next;

    ReplicaConsumer(List<MessageConsumer> consumers, Runnable detach) {
        this.consumers = List.copyOf(consumers);
        this.detach = detach;
    }

    /**
     * The next message within {@code timeout} ms (0: until one comes or the consumer closes), or null. Reading several
     * replicas it waits at each in turn for up to {@link #SLICE_MILLIS}: Artemis has no wait on several consumers, and
     * a message that another replica holds waits the slices of the others at most.
     */
    public Message receive(long timeout) throws JMSException {
        if (consumers.size() == 1) {
            return consumers.get(0).receive(timeout);
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
        while (!closed.get()) {
            long left = timeout == 0 ? SLICE_MILLIS : TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return null;
            }
            Message m = nextConsumer().receive(Math.min(SLICE_MILLIS, left));
            if (m != null) {
                return m;
            }
        }
        return null;
    }

    /** A message one of the replicas has for this consumer now, or null. */
    public Message receiveNoWait() throws JMSException {
        for (int i = 0; i < consumers.size(); i++) {
            Message m = nextConsumer().receiveNoWait();
            if (m != null) {
                return m;
            }
        }
        return null;
    }

    private MessageConsumer nextConsumer() {
        next = (next + 1) % consumers.size();
        return consumers.get(next);
    }

    /**
     * The listener of every replica's consumer: with several it is called on each replica's thread, so the caller
     * serializes it as its session needs.
     */
    public void setMessageListener(MessageListener listener) throws JMSException {
        for (MessageConsumer c : consumers) {
            c.setMessageListener(listener);
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            consumers.forEach(GroupMember::closeQuietly);
            detach.run();
        }
    }
}
