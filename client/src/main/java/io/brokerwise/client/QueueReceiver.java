package io.brokerwise.client;

import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import java.util.List;
import java.util.function.Consumer;

/**
 * A consumer of one replicated queue. Without a selector it is attached to one replica: it takes the messages sent
 * there, and those the other replicas hand over once they have no consumer (the brokers' redistribution). With a
 * selector it reads every replica: a broker hands a replica's messages over only once no consumer at all is
 * attached there, never because none of its consumers matches, so a message this consumer alone matches could
 * otherwise wait on a replica it is not attached to for good. Each message goes to one consumer of the queue, once.
 */
public final class QueueReceiver implements AutoCloseable {

    private final String queue;
    private final String selector;
    private final List<BrokerLink> links;
    private final Consumer<AutoCloseable> onClose;

    private QueueReceiver(String queue, String selector, List<BrokerLink> links, Consumer<AutoCloseable> onClose) {
        this.queue = queue;
        this.selector = selector;
        this.links = List.copyOf(links);
        this.onClose = onClose;
    }

    static QueueReceiver open(String queue, List<String> replicas, String selector, MessageListener listener,
                              ClientOptions options, Consumer<AutoCloseable> onClose) throws JMSException {
        List<BrokerLink> links = BrokerLink.toEveryReplica(replicas, queue, options, link -> {
            MessageConsumer consumer = link.session.createConsumer(link.destination, selector);
            consumer.setMessageListener(listener);
            link.connection.start();
        });
        return new QueueReceiver(queue, selector, links, onClose);
    }

    public String queue() {
        return queue;
    }

    public String selector() {
        return selector;
    }

    /** {@code host:port} of the brokers of the replicas it reads: one, or every replica with a selector. */
    public List<String> replicas() {
        return links.stream().map(l -> l.address).toList();
    }

    @Override
    public void close() {
        links.forEach(BrokerLink::close);
        onClose.accept(this);
    }
}
