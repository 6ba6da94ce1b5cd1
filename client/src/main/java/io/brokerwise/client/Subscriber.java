package io.brokerwise.client;

import io.brokerwise.routing.RoutingMap;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import java.util.List;

/**
 * Registers one selector at every broker of its column (a non-durable topic subscription each) and hands
 * every matching message to the listener. The listener is called from one thread per broker, so it must be
 * thread-safe. A publisher's message reaches exactly one broker of each column, so a subscriber receives it
 * once.
 */
public final class Subscriber extends GroupMember<BrokerLink> {

    private final String selector;
    private final MessageListener listener;
    private final ClientOptions options;

    Subscriber(int group, String selector, MessageListener listener, ClientOptions options) {
        super(group);
        this.selector = selector;
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
            MessageConsumer consumer = link.session.createConsumer(link.topic, selector);
            consumer.setMessageListener(listener);
            link.connection.start();
            return link;
        } catch (JMSException | RuntimeException e) {
            link.close();
            throw e;
        }
    }
}
