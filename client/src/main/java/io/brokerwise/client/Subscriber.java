package io.brokerwise.client;

import io.brokerwise.routing.RoutingMap;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import java.util.List;

/**
 * Registers one selector at every broker of its column (a topic subscription each) and hands every matching
 * message to the listener. The listener is called from one thread per broker, so it must be thread-safe. A
 * publisher's message reaches exactly one broker of each column, so a subscriber receives it once.
 * <p>
 * A subscription is non-durable unless it has a name: a named one is a shared durable subscription at each broker
 * (Jakarta Messaging's {@code createSharedDurableConsumer}, which needs no client ID), so a broker keeps its
 * messages while the subscriber is away, in its journal when they are persistent, until {@link #unsubscribe}.
 * Closing leaves it in place. A move that drops a broker leaves the durable subscription there too, with what it
 * holds: a subscriber that returns to that broker reads it again.
 */
public final class Subscriber extends GroupMember<BrokerLink> {

    private final String selector;
    /** The durable subscription's name at each broker; null for a non-durable subscription. */
    private final String durableName;
    private final MessageListener listener;
    private final ClientOptions options;

    Subscriber(int group, String selector, String durableName, MessageListener listener, ClientOptions options) {
        super(group);
        this.selector = selector;
        this.durableName = durableName;
        this.listener = listener;
        this.options = options;
    }

    public String selector() {
        return selector;
    }

    @Override
    protected List<String> brokersOf(RoutingMap map, int group) {
        return map.column(group);
    }

    @Override
    protected BrokerLink open(String address, String topic) throws JMSException {
        BrokerLink link = BrokerLink.open(address, topic, options);
        try {
            MessageConsumer consumer = durableName == null ? link.session.createConsumer(link.topic(), selector)
                    : link.session.createSharedDurableConsumer(link.topic(), durableName, selector);
            consumer.setMessageListener(listener);
            link.connection.start();
            return link;
        } catch (JMSException | RuntimeException e) {
            link.close();
            throw e;
        }
    }

    /**
     * Closes this subscriber and removes its durable subscription, with whatever it still holds, from every broker
     * it was linked to. A subscription is removed only once no consumer reads it, so each broker gets a link of its
     * own for the removal after the subscriber's are closed.
     */
    void unsubscribe() throws JMSException {
        if (durableName == null) {
            throw new IllegalStateException("a non-durable subscription ends when its subscriber closes");
        }
        List<String> linked = brokers();
        String topic = topic();
        close();
        for (String address : linked) {
            try (BrokerLink link = BrokerLink.open(address, topic, options)) {
                link.session.unsubscribe(durableName);
            }
        }
    }
}
