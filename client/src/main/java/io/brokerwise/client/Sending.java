package io.brokerwise.client;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;

/**
 * How {@link Publisher#send} sends an application's own message, as a JMS producer's settings say: delivery
 * mode, priority, time to live, delivery delay, and whether the provider stamps message IDs and timestamps.
 */
public record Sending(int deliveryMode, int priority, long timeToLive, long deliveryDelay, boolean messageIds,
                      boolean timestamps) {

    /** A new JMS producer's settings. */
    public static final Sending DEFAULTS = new Sending(Message.DEFAULT_DELIVERY_MODE, Message.DEFAULT_PRIORITY,
            Message.DEFAULT_TIME_TO_LIVE, Message.DEFAULT_DELIVERY_DELAY, true, true);

    public Sending {
        if (deliveryMode != jakarta.jms.DeliveryMode.PERSISTENT
                && deliveryMode != jakarta.jms.DeliveryMode.NON_PERSISTENT) {
            throw new IllegalArgumentException("unknown delivery mode " + deliveryMode);
        }
        if (priority < 0 || priority > 9) {
            throw new IllegalArgumentException("priority must be 0 to 9, got " + priority);
        }
    }

    /** These settings with a send's own delivery mode, priority and time to live ({@code send(m, mode, p, ttl)}). */
    public Sending with(int deliveryMode, int priority, long timeToLive) {
        return new Sending(deliveryMode, priority, timeToLive, deliveryDelay, messageIds, timestamps);
    }

    public Sending withDeliveryDelay(long deliveryDelay) {
        return new Sending(deliveryMode, priority, timeToLive, deliveryDelay, messageIds, timestamps);
    }

    public Sending withMessageIds(boolean messageIds) {
        return new Sending(deliveryMode, priority, timeToLive, deliveryDelay, messageIds, timestamps);
    }

    public Sending withTimestamps(boolean timestamps) {
        return new Sending(deliveryMode, priority, timeToLive, deliveryDelay, messageIds, timestamps);
    }

    /**
     * Sends {@code message} on {@code producer}, one broker's, as these settings say ({@link RetriedSend}: tried again
     * while {@code broker} refuses it for a reason that passes). The producer is set before each send: one JMS
     * producer's settings may change between sends, and the producer may serve several.
     */
    void send(MessageProducer producer, Message message, String broker) throws JMSException {
        producer.setDisableMessageID(!messageIds);
        producer.setDisableMessageTimestamp(!timestamps);
        producer.setDeliveryDelay(deliveryDelay);
        RetriedSend.send(() -> producer.send(message, deliveryMode, priority, timeToLive), broker);
    }
}
