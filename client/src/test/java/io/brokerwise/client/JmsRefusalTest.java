package io.brokerwise.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.InvalidDestinationRuntimeException;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import java.nio.file.Path;
import java.util.Hashtable;
import java.util.Set;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a layout cannot give is refused with an error naming the feature and the reason, in both APIs, and
 * leaves nothing behind at the brokers: no subscription, no queue. A queue the layout does not carry fails naming
 * those it does (the queues themselves: {@link JmsQueueTest}, {@link JmsQueueTransactionTest}).
 */
@Timeout(60)
class JmsRefusalTest {

    @TempDir
    Path dir;

    private static void refused(String feature, Executable action) {
        Exception e = assertThrows(Exception.class, action);
        assertTrue(e instanceof JMSException || e instanceof IllegalStateRuntimeException, e.toString());
        assertTrue(e.getMessage().startsWith("Brokerwise does not support " + feature + ": "), e.getMessage());
    }

    /** An unshared durable subscription without the connection's client ID, as Jakarta Messaging requires. */
    private static void needsClientId(Executable action) {
        Exception e = assertThrows(Exception.class, action);
        assertTrue(e instanceof jakarta.jms.IllegalStateException || e instanceof IllegalStateRuntimeException,
                e.toString());
        assertTrue(e.getMessage().contains("needs the connection's client ID"), e.getMessage());
    }

    /** A queue the layout does not carry fails naming the ones it does: here none. */
    private static void notCarried(Executable action) {
        InvalidDestinationException e = assertThrows(InvalidDestinationException.class, action);
        assertTrue(e.getMessage().contains("not one of the layout's queues []"), e.getMessage());
    }

    @Test
    void classicApiRefusesWhatALayoutCannotGive() throws Exception {
        try (JndiLayout layout = new JndiLayout(dir, 1, 2)) {
            Hashtable<String, String> env = layout.environment();
            env.put("queue.orders", "orders");
            Context jndi = new InitialContext(env);
            ConnectionFactory factory = (ConnectionFactory) jndi.lookup("ConnectionFactory");
            Topic topic = (Topic) jndi.lookup("quotes");
            try (Connection connection = factory.createConnection()) {
                Session transacted = connection.createSession(true, Session.SESSION_TRANSACTED);
                refused("transacted sessions on the topic", () -> transacted.createProducer(topic));
                refused("connection consumers and session listeners",
                        () -> connection.createConnectionConsumer(topic, null, null, 1));
                Session clientAcknowledged = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
                refused("CLIENT_ACKNOWLEDGE on the topic", () -> clientAcknowledged.createConsumer(topic));
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                notCarried(() -> session.createQueue("orders"));
                notCarried(() -> session.createConsumer((Queue) jndi.lookup("orders")));
                notCarried(() -> session.createProducer((Queue) jndi.lookup("orders")));
                needsClientId(() -> session.createDurableSubscriber(topic, "d"));
                needsClientId(() -> session.createDurableConsumer(topic, "d"));
                refused("temporary destinations", session::createTemporaryTopic);
                refused("temporary destinations", session::createTemporaryQueue);
                assertThrows(jakarta.jms.IllegalStateException.class, session::commit, "not transacted");
                refused("connection consumers and session listeners", () -> session.setMessageListener(m -> { }));
                refused("noLocal consumers", () -> session.createConsumer(topic, null, true));
                MessageProducer producer = session.createProducer(topic);
                TextMessage request = session.createTextMessage("request");
                request.setJMSReplyTo(topic);
                refused("request/reply (JMSReplyTo)", () -> producer.send(request));
                InvalidDestinationException other = assertThrows(InvalidDestinationException.class,
                        () -> session.createTopic("payments"));
                assertTrue(other.getMessage().contains("topic 'payments' is not one of the layout's topics ["
                        + LocalBrokers.TOPIC + "]"), other.getMessage());
            }
            for (int broker = 0; broker < 2; broker++) {
                assertEquals(Set.of(), layout.brokers.subscriptions(broker), "nothing was registered");
            }
        }
    }

    @Test
    void simplifiedApiRefusesWithUncheckedErrors() throws Exception {
        try (JndiLayout layout = new JndiLayout(dir, 2, 1)) {
            ConnectionFactory factory = layout.factory();
            Topic topic = layout.topic();
            try (JMSContext transacted = factory.createContext(JMSContext.SESSION_TRANSACTED)) {
                refused("transacted sessions on the topic", () -> transacted.createProducer().send(topic, "x"));
            }
            try (JMSContext context = factory.createContext()) {
                InvalidDestinationRuntimeException notCarried = assertThrows(InvalidDestinationRuntimeException.class,
                        () -> context.createQueue("orders"));
                assertTrue(notCarried.getMessage().contains("not one of the layout's queues []"),
                        notCarried.getMessage());
                needsClientId(() -> context.createDurableConsumer(topic, "d"));
                refused("temporary destinations", context::createTemporaryQueue);
                refused("temporary destinations", context::createTemporaryTopic);
                assertThrows(IllegalStateRuntimeException.class, context::commit, "not transacted");
                refused("request/reply (JMSReplyTo)", () -> context.createProducer().setJMSReplyTo(topic));
                TextMessage request = context.createTextMessage("request");
                request.setJMSReplyTo(topic);
                refused("request/reply (JMSReplyTo)", () -> context.createProducer().send(topic, request));
            }
            assertEquals(Set.of(), layout.brokers.subscriptions(0), "nothing was registered");
        }
    }

    /** A connection is the caller's user's; without any user the context says which properties to set. */
    @Test
    void credentialsAreTheCallersAndMissingOnesAreNamed() throws Exception {
        try (JndiLayout layout = new JndiLayout(dir, 1, 1)) {
            ConnectionFactory factory = layout.factory();
            Topic topic = layout.topic();
            String user = layout.brokers.credentials.user();
            assertThrows(JMSException.class, () -> {
                try (Connection connection = factory.createConnection(user, "not-the-password")) {
                    connection.createSession(false, Session.AUTO_ACKNOWLEDGE).createProducer(topic)
                            .send(connection.createSession(false, Session.AUTO_ACKNOWLEDGE).createTextMessage("x"));
                }
            }, "the broker refuses a wrong password given to createConnection(user, password)");

            Hashtable<String, String> env = layout.environment();
            env.remove(Context.SECURITY_PRINCIPAL);
            NamingException missing = assertThrows(NamingException.class, () -> new InitialContext(env));
            assertTrue(missing.getMessage().contains("java.naming.security.principal"), missing.getMessage());
        }
    }
}
