package io.brokerwise.client.jms;

import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSException;

/**
 * What a Brokerwise layout cannot give, each with the reason an application developer needs to see. A layout
 * copies every message to the brokers of a row and registers every subscription at the brokers of a column;
 * a feature that lives on one broker, or must span several atomically, would be silently wrong, so it is
 * refused instead.
 */
enum Refusal {
    QUEUE("queues", "a queue lives on one broker, but the layout spreads clients over several brokers; "
            + "only the layout's topic is routed"),
    DURABLE("durable subscriptions", "a subscriber may move to another column when the routing map changes, "
            + "and a durable subscription left at the old brokers would keep messages nobody reads"),
    SHARED("shared subscriptions", "each subscriber is registered at the brokers of its own column; "
            + "consumers of one shared subscription would sit in different columns and each miss the others' part"),
    TRANSACTION("transacted sessions", "a transaction would span the brokers of a row or a column, "
            + "and Brokerwise has no distributed transaction"),
    CLIENT_ACKNOWLEDGE("CLIENT_ACKNOWLEDGE", "a session's messages come from several brokers, each acknowledged "
            + "on its own; use AUTO_ACKNOWLEDGE or DUPS_OK_ACKNOWLEDGE"),
    TEMPORARY("temporary destinations", "a temporary destination exists on the one broker that created it, "
            + "which other clients of the layout are not connected to"),
    REPLY_TO("request/reply (JMSReplyTo)", "a reply destination names one broker's queue or temporary topic, "
            + "which the layout does not route; publish replies to the layout's topic with a selector"),
    NO_LOCAL("noLocal consumers", "a connection's producers and consumers reach the brokers over different "
            + "links, so the broker cannot tell local messages"),
    SERVER_SESSIONS("connection consumers and session listeners", "they are the application-server side of "
            + "JMS; use a MessageListener per consumer"),
    OTHER_TOPIC("topics other than the layout's", "the brokers carry one multicast address, the routing "
            + "map's topic");

    private final String feature;
    private final String reason;

    Refusal(String feature, String reason) {
        this.feature = feature;
        this.reason = reason;
    }

    String message() {
        return "Brokerwise does not support " + feature + ": " + reason;
    }

    JMSException exception() {
        return new jakarta.jms.IllegalStateException(message(), name());
    }

    /** The simplified API's form (JMSContext and its producers and consumers throw unchecked exceptions). */
    IllegalStateRuntimeException runtime() {
        return new IllegalStateRuntimeException(message(), name());
    }
}
