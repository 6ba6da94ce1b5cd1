package io.brokerwise.client.jms;

import io.brokerwise.client.ReplicaConsumer;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.Queue;
import jakarta.jms.QueueReceiver;

/**
 * A JMS consumer of one of the layout's queues: a {@link ReplicaConsumer} at its session's replica (at every replica
 * with a selector). Messages stay at the brokers until the application takes them, so closing it loses none, and
 * they are acknowledged, committed or rolled back in the session's mode by Artemis itself.
 */
final class QueueConsumer implements QueueReceiver {

    private final FanOutSession session;
    private final Queue queue;
    private final String selector;
    private final ReplicaConsumer consumer;
    private volatile MessageListener listener;

    QueueConsumer(FanOutSession session, Queue queue, String selector) throws JMSException {
        this.session = session;
        this.queue = queue;
        this.selector = selector;
        this.consumer = session.replica.consumer(queue.getQueueName(), selector);
    }

    @Override
    public Queue getQueue() {
        return queue;
    }

    @Override
    public String getMessageSelector() {
        return selector;
    }

    @Override
    public MessageListener getMessageListener() {
        return listener;
    }

    /**
     * Called on the brokers' threads, one at a time for the whole session ({@link FanOutSession#deliveryLock}): its
     * topic consumers and a selector's several replicas deliver on threads of their own.
     */
    @Override
    public void setMessageListener(MessageListener listener) throws JMSException {
        session.connection.checkOpen();
        this.listener = listener;
        consumer.setMessageListener(listener == null ? null : m -> {
            synchronized (session.deliveryLock) {
                listener.onMessage(session.delivered(m));
            }
        });
    }

    @Override
    public Message receive() throws JMSException {
        return receive(0);
    }

    @Override
    public Message receive(long timeout) throws JMSException {
        refuseWithListener();
        return session.delivered(consumer.receive(timeout));
    }

    @Override
    public Message receiveNoWait() throws JMSException {
        refuseWithListener();
        return session.delivered(consumer.receiveNoWait());
    }

    private void refuseWithListener() throws JMSException {
        if (listener != null) {
            throw new jakarta.jms.IllegalStateException("this consumer has a message listener");
        }
    }

    /** What it holds and has not delivered goes back to the queue. */
    @Override
    public void close() {
        consumer.close();
        session.forget(this);
    }
}
