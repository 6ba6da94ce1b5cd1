package io.brokerwise.client.jms;

import io.brokerwise.client.Publisher;
import io.brokerwise.client.Sending;
import jakarta.jms.CompletionListener;
import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatException;
import jakarta.jms.Topic;
import jakarta.jms.TopicPublisher;

/**
 * A JMS producer on a layout: a {@link Publisher} placed in one row by ElectQueue, which sends every message
 * to each broker of that row. Its settings are the JMS defaults until the application changes them.
 */
final class FanOutProducer implements TopicPublisher {

    private final FanOutSession session;
    private final Topic topic;
    private final Publisher publisher;
    private volatile Sending how = Sending.DEFAULTS;

    FanOutProducer(FanOutSession session, Topic topic) throws JMSException {
        this.session = session;
        this.topic = topic;
        this.publisher = session.connection.client.publisher(false);
    }

    /** Sends to the layout's topic, refusing anything else and request/reply; the core of every send. */
    void send(Destination destination, Message message, Sending sending) throws JMSException {
        session.connection.checkOpen();
        if (session.routed(destination) == null) {
            throw new InvalidDestinationException("no destination to send to");
        }
        if (message == null) {
            throw new MessageFormatException("no message to send");
        }
        if (message.getJMSReplyTo() != null) {
            throw Refusal.REPLY_TO.exception();
        }
        publisher.send(message, sending);
    }

    /** This producer's destination: sends that name another one are for unidentified producers only. */
    private Topic identified() {
        if (topic == null) {
            throw new UnsupportedOperationException("this producer has no destination: name one in send");
        }
        return topic;
    }

    private Destination unidentified(Destination destination) {
        if (topic != null) {
            throw new UnsupportedOperationException("this producer sends to " + topic + " only");
        }
        return destination;
    }

    @Override
    public Topic getTopic() {
        return topic;
    }

    @Override
    public Destination getDestination() {
        return topic;
    }

    @Override
    public void send(Message message) throws JMSException {
        send(identified(), message, how);
    }

    @Override
    public void send(Message message, int deliveryMode, int priority, long timeToLive) throws JMSException {
        send(identified(), message, sending(deliveryMode, priority, timeToLive));
    }

    @Override
    public void send(Destination destination, Message message) throws JMSException {
        send(unidentified(destination), message, how);
    }

    @Override
    public void send(Destination destination, Message message, int deliveryMode, int priority, long timeToLive)
            throws JMSException {
        send(unidentified(destination), message, sending(deliveryMode, priority, timeToLive));
    }

    private Sending sending(int deliveryMode, int priority, long timeToLive) throws JMSException {
        try {
            return how.with(deliveryMode, priority, timeToLive);
        } catch (IllegalArgumentException e) {
            throw new JMSException(e.getMessage());
        }
    }

    /** Sends, then reports completion: the sends to the row's brokers have all returned by then. */
    @Override
    public void send(Message message, CompletionListener listener) throws JMSException {
        complete(message, listener, () -> send(message));
    }

    @Override
    public void send(Message message, int deliveryMode, int priority, long timeToLive, CompletionListener listener)
            throws JMSException {
        complete(message, listener, () -> send(message, deliveryMode, priority, timeToLive));
    }

    @Override
    public void send(Destination destination, Message message, CompletionListener listener) throws JMSException {
        complete(message, listener, () -> send(destination, message));
    }

    @Override
    public void send(Destination destination, Message message, int deliveryMode, int priority, long timeToLive,
                     CompletionListener listener) throws JMSException {
        complete(message, listener, () -> send(destination, message, deliveryMode, priority, timeToLive));
    }

    static void complete(Message message, CompletionListener listener, JmsCalls.Action send) {
        try {
            send.run();
        } catch (JMSException e) {
            listener.onException(message, e);
            return;
        }
        listener.onCompletion(message);
    }

    @Override
    public void publish(Message message) throws JMSException {
        send(message);
    }

    @Override
    public void publish(Message message, int deliveryMode, int priority, long timeToLive) throws JMSException {
        send(message, deliveryMode, priority, timeToLive);
    }

    @Override
    public void publish(Topic topic, Message message) throws JMSException {
        send(topic, message);
    }

    @Override
    public void publish(Topic topic, Message message, int deliveryMode, int priority, long timeToLive)
            throws JMSException {
        send(topic, message, deliveryMode, priority, timeToLive);
    }

    @Override
    public void setDisableMessageID(boolean disable) {
        how = how.withMessageIds(!disable);
    }

    @Override
    public boolean getDisableMessageID() {
        return !how.messageIds();
    }

    @Override
    public void setDisableMessageTimestamp(boolean disable) {
        how = how.withTimestamps(!disable);
    }

    @Override
    public boolean getDisableMessageTimestamp() {
        return !how.timestamps();
    }

    @Override
    public void setDeliveryMode(int deliveryMode) throws JMSException {
        how = sending(deliveryMode, how.priority(), how.timeToLive());
    }

    @Override
    public int getDeliveryMode() {
        return how.deliveryMode();
    }

    @Override
    public void setPriority(int priority) throws JMSException {
        how = sending(how.deliveryMode(), priority, how.timeToLive());
    }

    @Override
    public int getPriority() {
        return how.priority();
    }

    @Override
    public void setTimeToLive(long timeToLive) throws JMSException {
        how = sending(how.deliveryMode(), how.priority(), timeToLive);
    }

    @Override
    public long getTimeToLive() {
        return how.timeToLive();
    }

    @Override
    public void setDeliveryDelay(long deliveryDelay) {
        how = how.withDeliveryDelay(deliveryDelay);
    }

    @Override
    public long getDeliveryDelay() {
        return how.deliveryDelay();
    }

    @Override
    public void close() {
        session.connection.client.remove(publisher);
        session.forget(this);
    }
}
