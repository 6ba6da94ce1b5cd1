package io.brokerwise.client;

import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A consumer of one replicated queue. It is attached to one replica, its home, where it consumes at Artemis's default
 * priority; ElectQueue chose the home. It also reads every other open replica at a lower priority, as relief: a broker
 * hands a relief link a message only while that replica's own consumers have no credit for it (their consumer windows
 * are full) or decline it (their selectors do not match). So a replica whose consumers are slow is drained by the
 * consumers of the others while they have time, beyond what the slow ones buffer (one message each with {@code
 * consumerWindowSize=0} in the client's URL parameters, Artemis's advice for slow consumers), and a message only a
 * selector elsewhere matches does not wait for good on a replica whose consumers all decline it: the brokers'
 * redistribution would not move it, since that replica still has consumers. Without relief (and without a selector)
 * the receiver reads its home alone, and only the brokers' redistribution moves messages, from a replica left with no
 * consumer. Its listener is called on each replica's session thread, so one that reads more than its home (relief,
 * or a selector) must be thread-safe. Each message goes to one consumer of the queue, once.
 */
public final class QueueReceiver implements AutoCloseable {

    /** Below Artemis's default consumer priority (0), which a receiver's home link has. */
    static final int RELIEF_PRIORITY = -1;

    private final String queue;
    private final String selector;
    private final boolean relief;
    private final MessageListener listener;
    private final ClientOptions options;
    private final Consumer<AutoCloseable> onClose;
    /** By link: "address" for the home, "address relief" for the others; guarded by this receiver's lock. */
    private final Map<String, BrokerLink> links = new LinkedHashMap<>();
    private boolean closed;
    /** Read without the lock, by a listener among others: written under it. */
    private volatile String home;
    private volatile List<String> reads = List.of();

    private QueueReceiver(String queue, String selector, boolean relief, MessageListener listener,
                          ClientOptions options, Consumer<AutoCloseable> onClose) {
        this.queue = queue;
        this.selector = selector;
        this.relief = relief || selector != null;
        this.listener = listener;
        this.options = options;
        this.onClose = onClose;
    }

    /**
     * @param home    the replica ElectQueue chose
     * @param open    every replica that takes clients (not marked for removal), home included
     * @param relief  whether to read the other open replicas at a lower priority; a selector always does
     */
    static QueueReceiver open(String queue, String home, List<String> open, String selector, boolean relief,
                              MessageListener listener, ClientOptions options, Consumer<AutoCloseable> onClose)
            throws JMSException {
        QueueReceiver receiver = new QueueReceiver(queue, selector, relief, listener, options, onClose);
        try {
            receiver.follow(home, open);
        } catch (JMSException | RuntimeException e) {
            receiver.links.values().forEach(BrokerLink::close);
            throw e;
        }
        return receiver;
    }

    /**
     * Moves to {@code newHome} and relieves the replicas of {@code open}, make-before-break: the links it needs are
     * opened before the ones it no longer needs close, so some consumer of this receiver is attached throughout.
     * Closing a link hands back to its replica what the listener has not taken yet; it waits for a listener under
     * way, so it is done outside the lock. A receiver closed meanwhile stays closed.
     */
    void follow(String newHome, List<String> open) throws JMSException {
        List<BrokerLink> retired = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                return;
            }
            Map<String, String> wanted = new LinkedHashMap<>();
            wanted.put(newHome, newHome);
            if (relief) {
                open.stream().filter(r -> !r.equals(newHome)).forEach(r -> wanted.put(r + " relief", r));
            }
            for (Map.Entry<String, String> w : wanted.entrySet()) {
                if (!links.containsKey(w.getKey())) {
                    boolean isHome = w.getValue().equals(newHome);
                    links.put(w.getKey(), consumerAt(w.getValue(), isHome ? 0 : RELIEF_PRIORITY));
                }
            }
            home = newHome;
            for (String key : new ArrayList<>(links.keySet())) {
                if (!wanted.containsKey(key)) {
                    retired.add(links.remove(key));
                }
            }
            List<String> now = new ArrayList<>(List.of(newHome));
            links.values().stream().map(l -> l.address).filter(a -> !a.equals(newHome)).forEach(now::add);
            reads = List.copyOf(now);
        }
        retired.forEach(BrokerLink::close);
    }

    private BrokerLink consumerAt(String replica, int priority) throws JMSException {
        BrokerLink link = BrokerLink.toQueueConsumer(replica, queue, priority, options);
        try {
            MessageConsumer consumer = link.session.createConsumer(link.destination, selector);
            consumer.setMessageListener(listener);
            link.connection.start();
            return link;
        } catch (JMSException | RuntimeException e) {
            link.close();
            throw e;
        }
    }

    public String queue() {
        return queue;
    }

    public String selector() {
        return selector;
    }

    /** {@code host:port} of the broker of the replica it is attached to. */
    public String home() {
        return home;
    }

    /** {@code host:port} of the brokers of the replicas it reads: its home first, then those it relieves. */
    public List<String> replicas() {
        return reads;
    }

    @Override
    public void close() {
        List<BrokerLink> all;
        synchronized (this) {
            closed = true;
            all = new ArrayList<>(links.values());
            links.clear();
        }
        all.forEach(BrokerLink::close);
        onClose.accept(this);
    }
}
