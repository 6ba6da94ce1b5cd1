package io.brokerwise.client;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A JMS session's producer of one queue at the session's replica ({@link ReplicaSession}): an Artemis producer on
 * the session's Artemis session there, so its sends join the session's transaction, and the broker counts it as the
 * queue's producer as the operator observes them.
 */
public final class ReplicaProducer implements AutoCloseable {

    private final String broker;
    private final MessageProducer producer;
    private final Runnable detach;
    private final AtomicBoolean closed = new AtomicBoolean();

    ReplicaProducer(String broker, MessageProducer producer, Runnable detach) {
        this.broker = broker;
        this.producer = producer;
        this.detach = detach;
    }

    /** Sends an application's message as a JMS producer's settings say. */
    public void send(Message message, Sending how) throws JMSException {
        how.send(producer, message, broker);
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            GroupMember.closeQuietly(producer);
            detach.run();
        }
    }
}
