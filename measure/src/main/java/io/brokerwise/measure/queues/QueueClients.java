package io.brokerwise.measure.queues;

import jakarta.jms.JMSException;
import jakarta.jms.MessageListener;

/** The producers and consumers of a queue load, attached to replicas by one {@link QueueLoad.Placement}. */
interface QueueClients extends AutoCloseable {

    /** A consumer that hands every message to {@code listener}; returns its replica (one it may relieve others from). */
    String consumer(MessageListener listener) throws JMSException;

    /** Producer {@code index}, its messages of {@code bytes} bytes. */
    Producer producer(int index, int bytes) throws JMSException;

    /** One producer, used by one thread. */
    interface Producer {
        /** {@code host:port} of the replica it sends to. */
        String replica();

        /** Sends its message stamped with {@code sequence}. */
        void send(long sequence) throws JMSException;
    }

    @Override
    void close();
}
