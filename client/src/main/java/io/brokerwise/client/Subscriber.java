package io.brokerwise.client;

import io.brokerwise.routing.RoutingMap;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Registers one selector at every broker of its column (a topic subscription each) and hands every matching
 * message to the listener. The listener is called from one thread per broker, so it must be thread-safe. A
 * publisher's message reaches exactly one broker of each column, so a subscriber receives it once.
 * <p>
 * What it registers at each broker is its {@link Subscription}: non-durable, or durable, shared, or both. A durable
 * one stays at each broker while the subscriber is away, in its journal when the messages are persistent, until
 * {@link #unsubscribe}; closing leaves it in place.
 * <p>
 * A durable subscription placed by its key moves when l changes. Make before break: it is registered at the new
 * column's brokers first; then each broker it leaves is drained ({@link SubscriptionDrain}) and the subscription
 * removed there. A subscriber that returns after a change of l drains the brokers of its former columns the map
 * records ({@link RoutingMap#formerColumns}) the same way. While it reads two columns it delivers each message once
 * ({@link RecentDeliveries}, by the key its publisher gave it). A move that drops a non-durable or shared
 * subscription's broker just closes the link there.
 */
public final class Subscriber extends GroupMember<BrokerLink> {

    private final String selector;
    private final Subscription subscription;
    private final MessageListener listener;
    /** Whether the listener acknowledges a durable subscription's messages itself, when it has handed them on. */
    private final boolean listenerAcknowledges;
    private final ClientOptions options;
    /** Messages each link has delivered, duplicates included: what a drain counts. */
    private final Map<BrokerLink, AtomicLong> delivered = new ConcurrentHashMap<>();
    /** While a column is drained and a while after; null otherwise. */
    private volatile RecentDeliveries recent;
    private final Set<SubscriptionDrain> drains = ConcurrentHashMap.newKeySet();
    private final Map<SubscriptionDrain, Thread> drainThreads = new ConcurrentHashMap<>();
    /** Set by {@link #extend} when it registers the subscription at a new column, until {@link #follow} ends. */
    private boolean moving;
    private volatile boolean closing;

    /** Whether it sits in the column of its subscription's key, not one ElectQueue picked. */
    private final boolean keyed;

    Subscriber(String topic, int group, String selector, Subscription subscription, boolean keyed,
               MessageListener listener, boolean listenerAcknowledges, ClientOptions options) {
        super(topic, group);
        this.keyed = keyed;
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
            AtomicLong count = new AtomicLong();
            delivered.put(link, count);
            consumer.setMessageListener(message -> {
                count.incrementAndGet();
                deliverOnce(message);
            });
            link.connection.start();
            return link;
        } catch (JMSException | RuntimeException e) {
            delivered.remove(link);
            link.close();
            throw e;
        }
    }

    /** Hands {@code message} on unless a drain's other column delivered it already; such a copy is acknowledged. */
    private void deliverOnce(Message message) {
        RecentDeliveries r = recent;
        try {
            if (r != null && !r.firstTime(MessageKey.of(message))) {
                message.acknowledge();
                return;
            }
        } catch (JMSException e) {
            // a copy whose link is closing: it comes again, and is recognised again, or its subscription is removed
            return;
        }
        if (r != null && r.spent()) {
            forgetRecentIfSpent();
        }
        if (listenerAcknowledges || !subscription.durable()) {
            listener.onMessage(message);
        } else {
            deliverAndAcknowledge(message);
        }
    }

    /**
     * Whether this subscriber's subscription must be emptied where it leaves a broker: a durable one in the column of
     * its key, which a returning subscriber must find. The load generator's durable subscribers, placed by
     * ElectQueue, live as long as their process and leave a broker as non-durable ones do.
     */
    private boolean drains() {
        return subscription.durable() && keyed;
    }

    @Override
    void extend(RoutingMap map, int newGroup) throws JMSException {
        if (drains() && !brokersOf(map, newGroup).containsAll(brokers())) {
            holdRecent();
            moving = true;
        }
        super.extend(map, newGroup);
    }

    @Override
    void follow(RoutingMap map, int newGroup) throws JMSException {
        try {
            super.follow(map, newGroup);
        } finally {
            if (moving) {
                moving = false;
                recent.drainEnds();
            }
        }
    }

    @Override
    protected void retire(String address, BrokerLink link) {
        if (drains() && !closing) {
            try {
                startDrain(link, BrokerLink.toSubscribe(address, topic(), subscription, options));
                return;
            } catch (JMSException | RuntimeException e) {
                // its broker cannot be reached: the subscription stays there, and a return drains it
            }
        }
        delivered.remove(link);
        closeQuietly(link);
    }

    /**
     * Registers the subscription at the brokers of its column in {@code map}, then drains the brokers of its former
     * columns ({@link RoutingMap#formerColumns}) that hold it and that it does not read now: where it was while its
     * subscriber was away across a change of l or a shrink of k. A broker the layout left is there while it holds
     * messages for a durable subscription (the operator keeps it); one that is gone fails to connect within the
     * client's connect timeout (3 s) and is passed over.
     */
    void start(RoutingMap map) throws JMSException {
        boolean returning = drains() && !map.formerColumns().isEmpty();
        if (returning) {
            holdRecent();
        }
        try {
            follow(map, group());
            if (returning) {
                drainFormerColumns(map);
            }
        } finally {
            if (returning) {
                recent.drainEnds();
            }
        }
    }

    private void drainFormerColumns(RoutingMap map) {
        for (String address : subscription.formerBrokers(map)) {
            BrokerLink probe = null;
            try {
                probe = BrokerLink.toSubscribe(address, topic(), subscription, options);
                if (SubscriptionDrain.held(probe, SubscriptionDrain.queueOf(subscription)) >= 0) {
                    startDrain(open(address, topic()), probe);
                } else {
                    probe.close();
                }
            } catch (JMSException | RuntimeException e) {
                // that broker cannot be reached now: what it holds stays there until the subscriber returns again
                if (probe != null) {
                    probe.close();
                }
            }
        }
    }

    private void startDrain(BrokerLink link, BrokerLink probe) {
        holdRecent();
        AtomicLong count = delivered.get(link);
        SubscriptionDrain drain = new SubscriptionDrain(link, probe, subscription, count::get, this);
        drains.add(drain);
        Thread thread = new Thread(drain, "brokerwise-drain-" + subscription.name() + "@" + link.address);
        thread.setDaemon(true);
        drainThreads.put(drain, thread);
        thread.start();
    }

    private synchronized void forgetRecentIfSpent() {
        if (recent != null && recent.spent()) {
            recent = null;
        }
    }

    private synchronized void holdRecent() {
        if (recent == null) {
            recent = new RecentDeliveries();
        }
        recent.drainBegins();
    }

    /**
     * A drain has ended: its link closes, and the subscription there is removed if the drain emptied it. One that
     * could not (its broker went, or this subscriber closed) leaves it there for the next return.
     */
    void drained(SubscriptionDrain drain, boolean emptied) {
        drain.close();
        delivered.remove(drain.link());
        drains.remove(drain);
        drainThreads.remove(drain);
        if (emptied && !closing) {
            try {
                unsubscribe(List.of(drain.address()), topic(), subscription, options);
            } catch (JMSException | RuntimeException e) {
                // another consumer of a shared subscription still reads it there: the last to drain removes it
            }
        }
        recent.drainEnds();
    }

    /** The brokers where this subscriber still empties its subscription. */
    public List<String> draining() {
        return drains.stream().map(SubscriptionDrain::address).toList();
    }

    @Override
    public void close() {
        closing = true;
        super.close();
        drains.forEach(SubscriptionDrain::close);
        List<Thread> threads = new ArrayList<>(drainThreads.values());
        threads.forEach(Thread::interrupt);
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
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
        List<String> linked = new ArrayList<>(brokers());
        linked.addAll(draining());
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

    /** As {@link #unsubscribe(List, String, Subscription, ClientOptions)}, passing over brokers that are gone. */
    static int unsubscribeWhereReachable(List<String> brokers, String topic, Subscription subscription,
                                         ClientOptions options) {
        int removed = 0;
        for (String address : brokers) {
            try {
                removed += unsubscribe(List.of(address), topic, subscription, options);
            } catch (JMSException e) {
                // a broker of an earlier layout that is gone, with whatever it held
            }
        }
        return removed;
    }
}
