package io.brokerwise.client.jms;

import io.brokerwise.client.Sending;
import jakarta.jms.CompletionListener;
import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatException;
import jakarta.jms.Queue;
import jakarta.jms.QueueSender;
import jakarta.jms.Topic;
import jakarta.jms.TopicPublisher;

/**
 * A JMS producer on a layout, of its topic or of its queues ({@link ProducerRoutes}): to the topic it sends every
 * message to each broker of the row ElectQueue placed it in, to a queue at its session's replica. Its settings are
 * the JMS defaults until the application changes them.
 */
final class FanOutProducer implements TopicPublisher, QueueSender {

    private final FanOutSession session;
    private final Destination destination;
    private final ProducerRoutes routes;
    private volatile Sending how = Sending.DEFAULTS;

    /** A producer of {@code destination}, placed now; without one (null), at its first send to each. */
    FanOutProducer(FanOutSession session, Destination destination) throws JMSException {
        this.session = session;
        this.destination = destination;
        this.routes = new ProducerRoutes(session);
        if (destination != null) {
            routes.to(destination);
        }
    }

    /** Sends to the layout's topic or one of its queues, refusing anything else and request/reply: each send's core. */
    void send(Destination destination, Message message, Sending sending) throws JMSException {
        session.connection.checkOpen();
        if (destination == null) {
            throw new InvalidDestinationException("no destination to send to");
        }
        if (message == null) {
            throw new MessageFormatException("no message to send");
        }
        if (message.getJMSReplyTo() != null) {
            throw Refusal.REPLY_TO.exception();
        }
        routes.to(destination).send(message, sending);
    }

    /** This producer's destination: sends that name another one are for unidentified producers only. */
    private Destination identified() {
        if (destination == null) {
            throw new UnsupportedOperationException("this producer has no destination: name one in send");
        }
        return destination;
    }

    private Destination unidentified(Destination destination) {
        if (this.destination != null) {
            throw new UnsupportedOperationException("this producer sends to " + this.destination + " only");
        }
        return destination;
    }

    @Override
    public Topic getTopic() {
        return destination instanceof Topic topic ? topic : null;
    }

    @Override
    public Queue getQueue() {
        return destination instanceof Queue queue ? queue : null;
    }

    @Override
    public Destination getDestination() {
        return destination;
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

    @Override
    public void send(Queue queue, Message message) throws JMSException {
        send((Destination) queue, message);
    }

    @Override
    public void send(Queue queue, Message message, int deliveryMode, int priority, long timeToLive)
            throws JMSException {
        send((Destination) queue, message, deliveryMode, priority, timeToLive);
    }

    private Sending sending(int deliveryMode, int priority, long timeToLive) throws JMSException {
        try {
            return how.with(deliveryMode, priority, timeToLive);
        } catch (IllegalArgumentException e) {
            throw new JMSException(e.getMessage());
        }
    }

    /** Sends, then reports completion: the sends to the row's brokers (or the replica) have all returned by then. */
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
        routes.close();
        session.forget(this);
    }
}
