package io.brokerwise.client.jms;

import io.brokerwise.client.Publisher;
import io.brokerwise.client.ReplicaProducer;
import io.brokerwise.client.Sending;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import java.util.HashMap;
import java.util.Map;

/**
 * Where one JMS producer's messages go, each way opened at its first use and kept: each of the layout's topics
 * through a {@link Publisher} placed in one of that topic's rows, each of the layout's queues through a
 * {@link ReplicaProducer} at the session's replica. An unidentified producer (the simplified API's, one per context)
 * may use all of them, so a transacted context that sends to queues alone never reaches the topics' brokers.
 */
final class ProducerRoutes implements AutoCloseable {

    /** One way out. */
    interface Route {
        void send(Message message, Sending how) throws JMSException;
    }

    private final FanOutSession session;
    private final Map<String, Publisher> topics = new HashMap<>();
    private final Map<String, ReplicaProducer> queues = new HashMap<>();

    ProducerRoutes(FanOutSession session) {
        this.session = session;
    }

    /** The route to {@code destination}, checked on every send: the routing map may drop a queue or a topic. */
    synchronized Route to(Destination destination) throws JMSException {
        if (destination instanceof Queue q) {
            String name = session.queue(q).getQueueName();
            ReplicaProducer producer = queues.get(name);
            if (producer == null) {
                producer = session.replica.producer(name);
                queues.put(name, producer);
            }
            return producer::send;
        }
        String name = session.topic(destination).getTopicName();
        Publisher publisher = topics.get(name);
        if (publisher == null) {
            publisher = session.connection.client.publisher(name, false);
            topics.put(name, publisher);
        }
        return publisher::send;
    }

    @Override
    public synchronized void close() {
        topics.values().forEach(session.connection.client::remove);
        queues.values().forEach(ReplicaProducer::close);
    }
}
