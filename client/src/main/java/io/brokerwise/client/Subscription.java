package io.brokerwise.client;

import io.brokerwise.routing.RoutingMap;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.activemq.artemis.api.jms.ActiveMQJMSConstants;

/**
 * What a subscriber registers at each broker of its column: a non-durable subscription ({@link #NON_DURABLE}), or a
 * named one of Jakarta Messaging (sec. 4.2 of its specification): unshared durable, which needs the connection's
 * client ID, shared, or shared durable.
 *
 * <p>A named subscription sits in one column whatever the process: its key (the client ID for an unshared durable
 * one, so that all of a client ID's durable subscriptions share a column and Artemis's per-broker check holds the ID
 * to one connection; the client ID, if any, and the name for a shared one, so that every consumer of it reads the
 * same brokers) picks column {@code key.hashCode() mod l}. A returning durable subscriber reads the column that kept
 * its messages; the consumers of a shared subscription each get part of every broker's messages, and each message
 * reaches one broker of the column, so one consumer. A durable subscription's messages are acknowledged one by one,
 * once its consumer has handed them on ({@link #acknowledgeMode}), so that what a consumer closed before taking stays
 * with the broker.
 *
 * @param name     the subscription's name; null for a non-durable one
 * @param clientId the connection's client ID; null where it has none (only a shared subscription may lack it)
 */
public record Subscription(String name, String clientId, boolean shared, boolean durable) {

    public static final Subscription NON_DURABLE = new Subscription(null, null, false, false);

    public Subscription {
        if (name == null && (shared || durable || clientId != null)) {
            throw new IllegalArgumentException("a durable or shared subscription needs a name");
        }
        if (name != null && !shared && !durable) {
            throw new IllegalArgumentException("a named subscription is durable, shared, or both");
        }
        if (durable && !shared && clientId == null) {
            throw new IllegalArgumentException("an unshared durable subscription needs the connection's client ID "
                    + "(Connection.setClientID, or JMSContext.setClientID); a shared durable one does not");
        }
    }

    /** An unshared durable subscription of the connection with {@code clientId}. */
    public static Subscription durable(String name, String clientId) {
        return new Subscription(name, clientId, false, true);
    }

    /** A shared subscription, durable or not, of the connection with {@code clientId} (null: none). */
    public static Subscription shared(String name, String clientId, boolean durable) {
        return new Subscription(name, clientId, true, durable);
    }

    /** Whether the subscription sits in a column of its own key, rather than one ElectQueue picks. */
    public boolean placedByKey() {
        return name != null;
    }

    /** Its column in a layout of {@code subscriberGroups} columns. */
    public int column(int subscriberGroups) {
        String key = shared ? (clientId == null ? "" : clientId) + "/" + name : clientId;
        return Math.floorMod(key.hashCode(), subscriberGroups);
    }

    /**
     * The brokers of its former columns in {@code map} ({@link RoutingMap#formerColumns}) that are not in its column
     * now: where it may still be held from before a change of l or a shrink of k.
     */
    Set<String> formerBrokers(RoutingMap map) {
        Set<String> former = new LinkedHashSet<>();
        map.formerColumns().forEach(f -> former.addAll(f.column(column(f.subscriberGroups()))));
        former.removeAll(map.column(column(map.subscriberGroups())));
        return former;
    }

    /** A durable subscription's messages are acknowledged one by one once handed on; others as they arrive. */
    int acknowledgeMode() {
        return durable ? ActiveMQJMSConstants.INDIVIDUAL_ACKNOWLEDGE : Session.AUTO_ACKNOWLEDGE;
    }

    /** Its consumer at one broker, on a link whose connection carries {@link #clientId}. */
    MessageConsumer consumer(Session session, Topic topic, String selector) throws JMSException {
        if (!placedByKey()) {
            return session.createConsumer(topic, selector);
        }
        if (!shared) {
            return session.createDurableConsumer(topic, name, selector, false);
        }
        return durable ? session.createSharedDurableConsumer(topic, name, selector)
                : session.createSharedConsumer(topic, name, selector);
    }
}
