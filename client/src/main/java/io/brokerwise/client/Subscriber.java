package io.brokerwise.client;

import io.brokerwise.routing.RoutingMap;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import java.util.List;

/**
 * Registers one selector at every broker of its column (a topic subscription each) and hands every matching
 * message to the listener. The listener is called from one thread per broker, so it must be thread-safe. A
 * publisher's message reaches exactly one broker of each column, so a subscriber receives it once.
 * <p>
 * What it registers at each broker is its {@link Subscription}: non-durable, or durable, shared, or both. A durable
 * one stays at each broker while the subscriber is away, in its journal when the messages are persistent, until
 * {@link #unsubscribe}; closing leaves it in place. A move that drops a broker leaves the durable subscription there
 * too, with what it holds: a subscriber that returns to that broker reads it again.
 */
public final class Subscriber extends GroupMember<BrokerLink> {

    private final String selector;
    private final Subscription subscription;
    private final MessageListener listener;
    /** Whether the listener acknowledges a durable subscription's messages itself, when it has handed them on. */
    private final boolean listenerAcknowledges;
    private final ClientOptions options;

    Subscriber(String topic, int group, String selector, Subscription subscription, MessageListener listener,
               boolean listenerAcknowledges, ClientOptions options) {
        super(topic, group);
        this.selector = selector;
        this.subscription = subscription;
        this.listenerAcknowledges = listenerAcknowledges;
        this.listener = listener;
        this.options = options;
    }

    public String selector() {
        return selector;
    }

    public Subscription subscription() {
        return subscription;
    }

    @Override
    protected List<String> brokersOf(RoutingMap map, int group) {
        return map.column(group);
    }

    @Override
    protected BrokerLink open(String address, String topic) throws JMSException {
        BrokerLink link = BrokerLink.toSubscribe(address, topic, subscription, options);
        try {
            MessageConsumer consumer = subscription.consumer(link.session, link.topic(), selector);
            consumer.setMessageListener(listenerAcknowledges || !subscription.durable() ? listener
                    : this::deliverAndAcknowledge);
            link.connection.start();
            return link;
        } catch (JMSException | RuntimeException e) {
            link.close();
            throw e;
        }
    }

    /** A durable subscription's message is acknowledged once the listener has returned, as AUTO_ACKNOWLEDGE does. */
    private void deliverAndAcknowledge(Message message) {
        listener.onMessage(message);
        try {
            message.acknowledge();
        } catch (JMSException e) {
            // its broker is gone or going: the message comes again, redelivered, when the subscriber is back there
        }
    }

    /**
     * Closes this subscriber and removes its durable subscription, with whatever it still holds, from every broker
     * it was linked to. A subscription is removed only once no consumer reads it, so each broker gets a link of its
     * own for the removal after the subscriber's are closed.
     */
    void unsubscribe() throws JMSException {
        if (!subscription.durable()) {
            throw new IllegalStateException("a non-durable subscription ends when its subscriber closes");
        }
        List<String> linked = brokers();
        close();
        unsubscribe(linked, topic(), subscription, options);
    }

    /**
     * Removes durable {@code subscription} from each of {@code brokers} where it exists; returns at how many it did.
     * A link of its own at each broker, with the subscription's client ID: Artemis removes only a subscription no
     * consumer reads, and scopes an unshared one by the client ID.
     */
    static int unsubscribe(List<String> brokers, String topic, Subscription subscription, ClientOptions options)
            throws JMSException {
        int removed = 0;
        for (String address : brokers) {
            try (BrokerLink link = BrokerLink.toSubscribe(address, topic, subscription, options)) {
                link.session.unsubscribe(subscription.name());
                removed++;
            } catch (InvalidDestinationException e) {
                // not at this broker: a subscription exists where its subscriber has been
            }
        }
        return removed;
    }
}
