package io.brokerwise.client;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.security.SecureRandom;
import org.apache.activemq.artemis.jms.client.ActiveMQMessage;

/**
 * The identity a Brokerwise publisher gives every message: its own random 64-bit ID and a sequence number, the same
 * on the copies it sends to the brokers of its row. A subscriber that reads one durable subscription in two columns
 * (while it moves) delivers each key once ({@link RecentDeliveries}). A message from another client has none.
 */
record MessageKey(long publisher, long sequence) {

    /** Long property: the publisher's ID. */
    static final String PUBLISHER = "bw_pub";
    /** Long property: the publisher's sequence number of the message, from 1. */
    static final String SEQUENCE = "bw_seq";

    private static final SecureRandom IDS = new SecureRandom();

    static long newPublisherId() {
        return IDS.nextLong();
    }

    /**
     * Stamps {@code message}. An Artemis message is stamped under its JMS view, whose properties are read-only once
     * received: an application may send again a message it received.
     */
    static void stamp(Message message, long publisher, long sequence) throws JMSException {
        if (message instanceof ActiveMQMessage artemis) {
            artemis.getCoreMessage().putLongProperty(PUBLISHER, publisher).putLongProperty(SEQUENCE, sequence);
        } else {
            message.setLongProperty(PUBLISHER, publisher);
            message.setLongProperty(SEQUENCE, sequence);
        }
    }

    /** The key {@code message} carries, or null when a publisher other than Brokerwise's sent it. */
    static MessageKey of(Message message) throws JMSException {
        if (!message.propertyExists(PUBLISHER) || !message.propertyExists(SEQUENCE)) {
            return null;
        }
        return new MessageKey(message.getLongProperty(PUBLISHER), message.getLongProperty(SEQUENCE));
    }
}
