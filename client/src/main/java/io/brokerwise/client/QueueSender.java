package io.brokerwise.client;

import jakarta.jms.BytesMessage;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import java.util.List;
import java.util.function.Consumer;

/**
 * A producer of one replicated queue, attached to one replica for its life: every message it sends goes to that
 * replica's broker, so the messages of one producer keep their order there. One thread per sender.
 */
public final class QueueSender implements AutoCloseable {

    /** Long property: the sequence number {@link #send(Outgoing, long)} stamps, for counting what arrived. */
    public static final String SEQUENCE = "bw_seq";

    private final String queue;
    private final BrokerLink link;
    private final MessageProducer producer;
    private final Consumer<AutoCloseable> onClose;

    private QueueSender(String queue, BrokerLink link, MessageProducer producer, Consumer<AutoCloseable> onClose) {
        this.queue = queue;
        this.link = link;
        this.producer = producer;
        this.onClose = onClose;
    }

    static QueueSender open(String queue, String replica, boolean persistent, ClientOptions options, Consumer<AutoCloseable> onClose)
            throws JMSException {
        BrokerLink link = BrokerLink.toQueue(replica, queue, options);
        try {
            MessageProducer producer = link.session.createProducer(link.destination);
            producer.setDeliveryMode(persistent ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
            return new QueueSender(queue, link, producer, onClose);
        } catch (JMSException | RuntimeException e) {
            link.close();
            throw e;
        }
    }

    public String queue() {
        return queue;
    }

    /** {@code host:port} of the replica's broker. */
    public String replica() {
        return link.address;
    }

    /** Sends a message built from {@code message} to the replica. */
    public void send(Outgoing message) throws JMSException {
        Message m = message.buildFor(link);
        RetriedSend.send(() -> producer.send(m), link.address);
    }

    /**
     * Sends {@code message}, built once for this sender and reused (a saturating load spends its time sending),
     * stamped with {@code sequence} in {@link #SEQUENCE}.
     */
    public void send(Outgoing message, long sequence) throws JMSException {
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
        link.close();
        onClose.accept(this);
    }
}
