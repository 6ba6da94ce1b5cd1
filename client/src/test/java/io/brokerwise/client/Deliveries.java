package io.brokerwise.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Records which subscriber received which message id, to compare with the messages' intended audience. The
 * subscribers are registered through it, so that it knows their brokers.
 */
final class Deliveries {

    static final String ID = "msgId";
    private final List<String> received = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, Subscriber> subscribers = Collections.synchronizedMap(new TreeMap<>());

    /** A subscriber of {@code client} named {@code name} in the deliveries' lines ("name <- id"). */
    Subscriber subscribe(TopologyClient client, String name, String selector) throws JMSException {
        Subscriber s = client.subscriber(selector, listenerFor(name));
        subscribers.put(name, s);
        return s;
    }

    /** As {@link #subscribe}, durably: the subscription at each broker is named {@code name} and outlives the client. */
    Subscriber subscribeDurably(TopologyClient client, String name, String selector) throws JMSException {
        Subscriber s = client.durableSubscriber(name, selector, listenerFor(name));
        subscribers.put(name, s);
        return s;
    }

    private MessageListener listenerFor(String subscriber) {
        return (Message m) -> {
            try {
                received.add(subscriber + " <- " + m.getStringProperty(ID));
            } catch (JMSException e) {
                received.add(subscriber + " <- unreadable " + e);
            }
        };
    }

    /**
     * Waits (bounded) until every expected delivery arrived and returns the deliveries counted per line, duplicates
     * and strays included. What {@code publishers} sent must end with markers that every subscriber takes, one from
     * each publisher at least ({@link TopologyDeliveryTest#publish}), and be among {@code expected}.
     */
    Map<String, Integer> await(Map<String, Integer> expected, List<Publisher> publishers) throws InterruptedException {
        synchronized (subscribers) {
            for (Publisher p : publishers) {
                subscribers.forEach((name, s) -> {
                    Set<String> shared = new HashSet<>(p.brokers());
                    shared.retainAll(s.brokers());
                    assertEquals(1, shared.size(), "publisher of " + p.brokers() + " and " + name + " of "
                            + s.brokers() + " share one broker, the one way from the one to the other");
                });
            }
        }
        Map<String, Integer> counts = new TreeMap<>();
        long deadline = System.nanoTime() + 15_000_000_000L;
        do {
            Thread.sleep(20);
            synchronized (received) {
                received.forEach(r -> counts.merge(r, 1, Integer::sum));
                received.clear();
            }
        } while (!counts.keySet().containsAll(expected.keySet()) && System.nanoTime() < deadline);
        // Enough: JMS keeps a session's messages in order to a consumer, so a subscriber with a publisher's marker,
        // sent last through their one shared broker, has all that publisher sent it before, duplicates and strays too.
        return counts;
    }
}
