package io.brokerwise.client.jms;

import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSException;

/**
 * What a Brokerwise layout cannot give, each with the reason an application developer needs to see. A layout
 * copies every message to the brokers of a row and registers every subscription at the brokers of a column, and
 * keeps each queue as replicas on several brokers; a feature that lives on one broker, or must span several
 * atomically, would be silently wrong, so it is refused instead.
 */
enum Refusal {
    TRANSACTION("transacted sessions on the topic", "a transaction would span the brokers of a row or a column, "
            + "and Brokerwise has no distributed transaction; a transacted session may use the layout's queues, "
            + "whose every producer and consumer of one session sits at one replica"),
    CLIENT_ACKNOWLEDGE("CLIENT_ACKNOWLEDGE on the topic", "a session's topic messages come from several brokers, "
            + "each acknowledged on its own; use AUTO_ACKNOWLEDGE or DUPS_OK_ACKNOWLEDGE for the topic (a "
            + "CLIENT_ACKNOWLEDGE session may use the layout's queues)"),
    SELECTOR_ON_ONE_REPLICA("queue consumers with a selector in transacted and CLIENT_ACKNOWLEDGE sessions",
            "a consumer with a selector must read every replica of its queue (a broker hands a replica's messages "
            + "on only once no consumer at all is attached there, so a message only this consumer matches could "
            + "wait on another replica for good), and the session's transaction or acknowledgement lives at one "
            + "replica; select in an AUTO_ACKNOWLEDGE or DUPS_OK_ACKNOWLEDGE session"),
    TEMPORARY("temporary destinations", "a temporary destination exists on the one broker that created it, "
            + "which other clients of the layout are not connected to; use one of the layout's queues"),
    REPLY_TO("request/reply (JMSReplyTo)", "a reply destination is usually a temporary one, which lives on one "
            + "broker; agree on one of the layout's queues for replies by configuration, or reply to the topic "
            + "with a selector"),
    NO_LOCAL("noLocal consumers", "a connection's producers and consumers reach the brokers over different "
            + "links, so the broker cannot tell local messages"),
    SERVER_SESSIONS("connection consumers and session listeners", "they are the application-server side of "
            + "JMS; use a MessageListener per consumer");

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
