package io.brokerwise.client;

import jakarta.jms.BytesMessage;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import java.util.List;
import java.util.function.Consumer;

/**
 * A producer of one replicated queue, attached to one replica: every message it sends goes to that replica's broker,
 * so the messages of one producer keep their order there. It moves to another replica when the routing map marks
 * its own for removal or adds replicas ({@link #moveTo}); what it sent before waits at the old one for that
 * replica's consumers or the brokers' redistribution, so order holds per producer and replica. One thread per sender.
 */
public final class QueueSender implements AutoCloseable {

    /** Long property: the sequence number {@link #send(Outgoing, long)} stamps, for counting what arrived. */
    public static final String SEQUENCE = "bw_seq";

    private final String queue;
    private final boolean persistent;
    private final ClientOptions options;
    private final Consumer<AutoCloseable> onClose;
    /** Read without the lock (where it sends now), written under it. */
    private volatile BrokerLink link;
    private MessageProducer producer;
    private boolean closed;

    private QueueSender(String queue, boolean persistent, ClientOptions options, Consumer<AutoCloseable> onClose) {
        this.queue = queue;
        this.persistent = persistent;
        this.options = options;
        this.onClose = onClose;
    }

    static QueueSender open(String queue, String replica, boolean persistent, ClientOptions options,
                            Consumer<AutoCloseable> onClose) throws JMSException {
        QueueSender sender = new QueueSender(queue, persistent, options, onClose);
        sender.link = BrokerLink.toQueue(replica, queue, options);
        try {
            sender.producer = sender.producerOn(sender.link);
            return sender;
        } catch (JMSException | RuntimeException e) {
            sender.link.close();
            throw e;
        }
    }

    private MessageProducer producerOn(BrokerLink to) throws JMSException {
        MessageProducer p = to.session.createProducer(to.destination);
        p.setDeliveryMode(persistent ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
        return p;
    }

    /**
     * Sends from now on to {@code replica}: the new link opens before the old one closes, and a send under way
     * finishes on the old one first. A sender closed meanwhile stays closed.
     */
    void moveTo(String replica) throws JMSException {
        if (replica().equals(replica)) {
            return;
        }
        BrokerLink next = BrokerLink.toQueue(replica, queue, options);
        BrokerLink unused;
        try {
            MessageProducer nextProducer = producerOn(next);
            synchronized (this) {
                if (closed) {
                    unused = next;
                } else {
                    unused = link;
                    link = next;
                    producer = nextProducer;
                }
            }
        } catch (JMSException | RuntimeException e) {
            next.close();
            throw e;
        }
        unused.close();
    }

    public String queue() {
        return queue;
    }

    /** {@code host:port} of the replica's broker. */
    public String replica() {
        return link.address;
    }

    /** Sends a message built from {@code message} to the replica. */
    public synchronized void send(Outgoing message) throws JMSException {
        Message m = message.buildFor(link);
        RetriedSend.send(() -> producer.send(m), link.address);
    }

    /**
     * Sends {@code message}, built once for this sender and reused (a saturating load spends its time sending),
     * stamped with {@code sequence} in {@link #SEQUENCE}.
     */
    public synchronized void send(Outgoing message, long sequence) throws JMSException {
        if (message.builtFor != link) {
            message.built = List.of(message.buildFor(link));
            message.builtFor = link;
        }
        BytesMessage m = message.built.get(0);
        m.setLongProperty(SEQUENCE, sequence);
        RetriedSend.send(() -> producer.send(m), link.address);
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        link.close();
        onClose.accept(this);
    }
}
