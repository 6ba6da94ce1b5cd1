package io.brokerwise.client;

import jakarta.jms.JMSException;
import java.util.function.LongSupplier;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.jms.client.ActiveMQDestination;
import org.apache.activemq.artemis.jms.client.ActiveMQSession;

/**
 * Empties a durable subscription at a broker its subscriber no longer reads it from (the broker left its column),
 * then removes it there. Its subscription at the new column already exists, so whatever the old one takes from then
 * on reaches the subscriber through the new column too; what the old one held before is read from it here. So the
 * drain waits, after {@link TopologyClient#SETTLE}, until its link has delivered as many messages as the subscription
 * held then (the subscription is a queue its one consumer reads in order), or the subscription is empty, and then
 * removes it with what arrived meanwhile: copies the new column delivers.
 */
final class SubscriptionDrain implements Runnable {

    /** How often the drain looks at the subscription's count while it empties. */
    private static final long LOOK_MILLIS = 50;

    private final BrokerLink link;
    /** A session of its own to read the subscription's count: a core session serves one blocking call at a time. */
    private final BrokerLink probe;
    private final SimpleString queue;
    /** Messages the link has delivered so far, duplicates included. */
    private final LongSupplier delivered;
    private final Subscriber subscriber;

    SubscriptionDrain(BrokerLink link, BrokerLink probe, Subscription subscription, LongSupplier delivered,
                      Subscriber subscriber) {
        this.link = link;
        this.probe = probe;
        this.queue = queueOf(subscription);
        this.delivered = delivered;
        this.subscriber = subscriber;
    }

    String address() {
        return link.address;
    }

    BrokerLink link() {
        return link;
    }

    /** The Artemis queue that holds {@code subscription} at a broker, as its JMS client names it. */
    static SimpleString queueOf(Subscription subscription) {
        return subscription.shared()
                ? SimpleString.of(ActiveMQDestination.createQueueNameForSharedSubscription(true,
                        subscription.clientId(), subscription.name()))
                : ActiveMQDestination.createQueueNameForSubscription(true, subscription.clientId(),
                        subscription.name());
    }

    /** Messages the subscription holds at {@code link}'s broker; -1 where it has none. */
    static long held(BrokerLink link, SimpleString queue) throws JMSException {
        ClientSession session = ((ActiveMQSession) link.session).getCoreSession();
        try {
            ClientSession.QueueQuery query = session.queueQuery(queue);
            return query.isExists() ? query.getMessageCount() : -1;
        } catch (ActiveMQException e) {
            JMSException failure = new JMSException("cannot read subscription " + queue + " at " + link.address
                    + ": " + e.getMessage());
            failure.initCause(e);
            throw failure;
        }
    }

    @Override
    public void run() {
        try {
            Thread.sleep(TopologyClient.SETTLE.toMillis());
            long heldThen = held(probe, queue);
            long deliveredThen = delivered.getAsLong();
            while (heldThen > 0 && delivered.getAsLong() - deliveredThen < heldThen && held(probe, queue) > 0) {
                Thread.sleep(LOOK_MILLIS);
            }
            subscriber.drained(this, true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            subscriber.drained(this, false);
        } catch (JMSException | RuntimeException e) {
            // its broker is gone or going: the subscription stays there, and the next return looks again
            subscriber.drained(this, false);
        }
    }

    void close() {
        GroupMember.closeQuietly(link);
        GroupMember.closeQuietly(probe);
    }
}
