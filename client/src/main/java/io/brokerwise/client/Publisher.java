package io.brokerwise.client;

import io.brokerwise.routing.RoutingMap;
import jakarta.jms.BytesMessage;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import java.util.ArrayList;
import java.util.List;

/**
 * Publishes to every broker of its row (one copy per subscriber group). One thread per publisher: JMS
 * sessions are single-threaded. Each copy carries the send time in {@link #SENT_NANOS} for end-to-end latency,
 * and every copy of one message the same {@link MessageKey}, the publisher's ID and sequence number: while a
 * durable subscription is read in two columns (a move), its subscriber delivers each key once.
 */
public final class Publisher extends GroupMember<Publisher.Link> {

    /** Long property: {@link System#nanoTime()} at the (intended) send, comparable within one JVM. */
    public static final String SENT_NANOS = "bw_sent_ns";

    private final boolean persistent;
    private final ClientOptions options;
    private final long id = MessageKey.newPublisherId();
    private long sequence;

    Publisher(String topic, int group, boolean persistent, ClientOptions options) {
        super(topic, group);
        this.persistent = persistent;
        this.options = options;
    }

    /** Sends the message to every broker of the row, stamped with now. */
    public void publish(Outgoing message) throws JMSException {
        publish(message, System.nanoTime());
    }

    /**
     * Sends the message to every broker of the row, stamped with {@code intendedNanos}: a rate-driven sender
     * passes the time the send was scheduled for, so a stall shows up as latency (coordinated omission).
     */
    public void publish(Outgoing message, long intendedNanos) throws JMSException {
        lock.readLock().lock();
        try {
            if (message.builtFor != links) {
                rebuild(message);
            }
            int i = 0;
            long next = nextSequence();
            for (Link link : links.values()) {
                BytesMessage copy = message.built.get(i++);
                copy.setLongProperty(SENT_NANOS, intendedNanos);
                MessageKey.stamp(copy, id, next);
                RetriedSend.send(() -> link.producer.send(copy), link.link.address);
            }
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * Sends an application's message to every broker of the row, as a JMS producer does (the JMS connection
     * factory's producers use this). The same message object goes out l times, which JMS allows, and keeps the
     * last copy's message ID and timestamp.
     */
    public void send(Message message, Sending how) throws JMSException {
        lock.readLock().lock();
        try {
            MessageKey.stamp(message, id, nextSequence());
            for (Link link : links.values()) {
                how.send(link.producer, message, link.link.address);
            }
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Publishes may come from the threads of a JMS session's owner, one at a time, each seeing the last. */
    private synchronized long nextSequence() {
        return ++sequence;
    }

    /** Copies each message sends per publish: l, the brokers of the row. */
    public int copies() {
        return brokers().size();
    }

    private void rebuild(Outgoing message) throws JMSException {
        List<BytesMessage> built = new ArrayList<>();
        for (Link link : links.values()) {
            built.add(message.buildFor(link.link));
        }
        message.built = built;
        message.builtFor = links;
    }

    @Override
    protected List<String> brokersOf(RoutingMap map, int group) {
        return map.row(group);
    }

    @Override
    protected Link open(String address, String topic) throws JMSException {
        BrokerLink link = BrokerLink.open(address, topic, options);
        try {
            MessageProducer producer = link.session.createProducer(link.topic());
            producer.setDeliveryMode(persistent ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
            // The broker has no use for them and they cost a syscall and a UUID per send.
            producer.setDisableMessageID(true);
            producer.setDisableMessageTimestamp(true);
            return new Link(link, producer);
        } catch (JMSException | RuntimeException e) {
            link.close();
            throw e;
        }
    }

    record Link(BrokerLink link, MessageProducer producer) implements AutoCloseable {
        @Override
        public void close() {
            link.close();
        }
    }
}
