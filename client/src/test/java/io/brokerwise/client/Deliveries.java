package io.brokerwise.client;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Records which subscriber received which message id, to compare with the messages' intended audience. */
final class Deliveries {

    static final String ID = "msgId";
    private final List<String> received = Collections.synchronizedList(new ArrayList<>());

    MessageListener listenerFor(String subscriber) {
        return (Message m) -> {
            try {
                received.add(subscriber + " <- " + m.getStringProperty(ID));
            } catch (JMSException e) {
                received.add(subscriber + " <- unreadable " + e);
            }
        };
    }

    /**
     * Waits (bounded) until {@code expected} deliveries arrived, then a little longer so that duplicates or
     * strays would show, and returns the deliveries counted per line.
     */
    Map<String, Integer> await(int expected) throws InterruptedException {
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (received.size() < expected && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        Thread.sleep(300);
        Map<String, Integer> counts = new TreeMap<>();
        synchronized (received) {
            received.forEach(r -> counts.merge(r, 1, Integer::sum));
            received.clear();
        }
        return counts;
    }
}
