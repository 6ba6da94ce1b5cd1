package io.brokerwise.client;

import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import java.util.function.Consumer;

/**
 * A producer of one replicated queue, attached to one replica for its life: every message it sends goes to that
 * replica's broker, so the messages of one producer keep their order there. One thread per sender.
 */
public final class QueueSender implements AutoCloseable {

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

    @Override
    public void close() {
        link.close();
        onClose.accept(this);
    }
}
