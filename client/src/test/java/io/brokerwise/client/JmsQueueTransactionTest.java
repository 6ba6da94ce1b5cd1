package io.brokerwise.client;

import static io.brokerwise.client.ReplicatedQueueTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Transacted and client-acknowledged sessions on the layout's replicated queue, through the standard API and JNDI
 * alone, on 1, 2 and 3 real replicas: each session is pinned to one replica, so its commit, rollback, recover and
 * acknowledge are Artemis's own there; the topic, which spans brokers, is refused in such a session.
 */
@Timeout(120)
class JmsQueueTransactionTest {

    private static final String ID = "orderId";

    @TempDir
    Path dir;

    /**
     * Sends rolled back are gone; sends committed arrive; receipts rolled back come again, flagged redelivered;
     * receipts committed are gone from every replica.
     */
    @ParameterizedTest(name = "{0} API on {1} replicas")
    @CsvSource({"classic,1", "classic,2", "classic,3", "simplified,1", "simplified,2", "simplified,3"})
    void aTransactionCommitsAndRollsBackAtItsReplica(String api, int k) throws Exception {
        try (JndiQueues layout = new JndiQueues(dir, k);
             OneSession session = OneSession.open(api, layout.factory(), layout.queue(), Session.SESSION_TRANSACTED)) {
            List<String> discarded = List.of("d0", "d1", "d2");
            List<String> kept = List.of("c0", "c1", "c2", "c3");
            discarded.forEach(session::send);
            session.rollback();
            kept.forEach(session::send);
            assertEquals(0, added(layout), "nothing reaches a replica before the commit");
            session.commit();
            await(() -> added(layout) == kept.size(), "the committed sends, and only they, at the replicas");

            assertEquals(kept, receive(session, kept.size(), false), "delivered in order");
            session.rollback();
            assertEquals(kept, receive(session, kept.size(), true), "delivered again after the rollback");
            session.commit();
            assertNull(session.receive(200), "nothing more");
            await(() -> held(layout) == 0, "the committed receipts gone from every replica");
            assertEquals(kept.size(), added(layout), "the rolled-back sends never reached a replica");
        }
    }

    /** Received and not acknowledged: delivered again after recover; acknowledged: gone. */
    @ParameterizedTest(name = "{0} API on {1} replicas")
    @CsvSource({"classic,2", "simplified,3"})
    void aClientAcknowledgedSessionRecoversAndAcknowledgesAtItsReplica(String api, int k) throws Exception {
        try (JndiQueues layout = new JndiQueues(dir, k);
             OneSession session = OneSession.open(api, layout.factory(), layout.queue(), Session.CLIENT_ACKNOWLEDGE)) {
            List<String> sent = List.of("a0", "a1", "a2");
            sent.forEach(session::send);
            assertEquals(sent, receive(session, sent.size(), false));
            session.recover();
            assertEquals(sent, receive(session, sent.size(), true), "delivered again after recover");
            session.acknowledge();
            session.close();
            await(() -> held(layout) == 0, "the acknowledged messages gone from every replica");
        }
    }

    @Test
    void aTransactedOrClientAcknowledgedSessionIsRefusedTheTopicAndSelectors() throws Exception {
        try (JndiQueues layout = new JndiQueues(dir, 2);
             Connection connection = layout.factory().createConnection()) {
            Topic topic = layout.topic();
            Queue queue = layout.queue();
            Session transacted = connection.createSession(Session.SESSION_TRANSACTED);
            refused("transacted sessions on the topic", () -> transacted.createProducer(topic));
            refused("transacted sessions on the topic", () -> transacted.createConsumer(topic));
            refused("transacted sessions on the topic",
                    () -> transacted.createProducer(null).send(topic, transacted.createTextMessage("x")));
            refused("queue consumers with a selector in transacted and CLIENT_ACKNOWLEDGE sessions",
                    () -> transacted.createConsumer(queue, "key = 'a'"));
            Session acknowledged = connection.createSession(Session.CLIENT_ACKNOWLEDGE);
            refused("CLIENT_ACKNOWLEDGE on the topic", () -> acknowledged.createConsumer(topic));
            refused("queue consumers with a selector in transacted and CLIENT_ACKNOWLEDGE sessions",
                    () -> acknowledged.createConsumer(queue, "key = 'a'"));
            try (JMSContext context = layout.factory().createContext(JMSContext.SESSION_TRANSACTED)) {
                refused("transacted sessions on the topic", () -> context.createProducer().send(topic, "x"));
                refused("transacted sessions on the topic", () -> context.createConsumer(topic));
            }
            assertEquals(0, layout.brokers.queue(0).getConsumerCount() + layout.brokers.queue(1).getConsumerCount(),
                    "nothing was attached");
        }
    }

    private static void refused(String feature, Executable action) {
        Exception e = assertThrows(Exception.class, action);
        assertTrue(e instanceof JMSException || e instanceof IllegalStateRuntimeException, e.toString());
        assertTrue(e.getMessage().startsWith("Brokerwise does not support " + feature + ": "), e.getMessage());
    }

    /** The ids of {@code n} messages received (5 s each), each flagged redelivered or not as {@code redelivered}. */
    private static List<String> receive(OneSession session, int n, boolean redelivered) throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Message m = session.receive(5000);
            assertFalse(m == null, "message " + i + " of " + n);
            assertEquals(redelivered, m.getJMSRedelivered(), "JMSRedelivered of " + m.getStringProperty(ID));
            ids.add(m.getStringProperty(ID));
        }
        return ids;
    }

    /** Messages added to the queue at every replica so far (a transaction's at its commit). */
    private static long added(JndiQueues layout) {
        return layout.brokers.replicas().mapToLong(org.apache.activemq.artemis.core.server.Queue::getMessagesAdded)
                .sum();
    }

    /** Messages every replica holds now, being delivered or not (a browser sees only those that are not). */
    private static long held(JndiQueues layout) {
        return layout.brokers.replicas().mapToLong(org.apache.activemq.artemis.core.server.Queue::getMessageCount)
                .sum();
    }

    /** One session on the queue in either API, as an application uses it: it sends, receives and settles. */
    private interface OneSession extends AutoCloseable {

        void send(String id);

        Message receive(long millis) throws JMSException;

        void commit() throws JMSException;

        void rollback() throws JMSException;

        void recover() throws JMSException;

        /** Acknowledges what the session consumed (the last message's {@code acknowledge()} in the classic API). */
        void acknowledge() throws JMSException;

        @Override
        void close() throws JMSException;

        static OneSession open(String api, ConnectionFactory factory, Queue queue, int mode) throws JMSException {
            return api.equals("classic") ? new Classic(factory, queue, mode) : new Simplified(factory, queue, mode);
        }
    }

    /** The classic API: a connection, a session, a producer and then a consumer of the queue. */
    private static final class Classic implements OneSession {
        private final Connection connection;
        private final Session session;
        private final MessageProducer producer;
        private final MessageConsumer consumer;
        private Message last;

        Classic(ConnectionFactory factory, Queue queue, int mode) throws JMSException {
            connection = factory.createConnection();
            session = connection.createSession(mode);
            producer = session.createProducer(queue);
            consumer = session.createConsumer(queue);
            connection.start();
        }

        @Override
        public void send(String id) {
            try {
                Message m = session.createTextMessage(id);
                m.setStringProperty(ID, id);
                producer.send(m);
            } catch (JMSException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public Message receive(long millis) throws JMSException {
            Message m = consumer.receive(millis);
            last = m != null ? m : last;
            return m;
        }

        @Override
        public void commit() throws JMSException {
            session.commit();
        }

        @Override
        public void rollback() throws JMSException {
            session.rollback();
        }

        @Override
        public void recover() throws JMSException {
            session.recover();
        }

        @Override
        public void acknowledge() throws JMSException {
            last.acknowledge();
        }

        @Override
        public void close() throws JMSException {
            connection.close();
        }
    }

    /** The simplified API: a context, its producer and then a consumer of the queue. */
    private static final class Simplified implements OneSession {
        private final JMSContext context;
        private final Queue queue;
        private final JMSConsumer consumer;

        Simplified(ConnectionFactory factory, Queue queue, int mode) {
            context = factory.createContext(mode);
            this.queue = queue;
            consumer = context.createConsumer(queue);
        }

        @Override
        public void send(String id) {
            context.createProducer().setProperty(ID, id).send(queue, id);
        }

        @Override
        public Message receive(long millis) {
            return consumer.receive(millis);
        }

        @Override
        public void commit() {
            context.commit();
        }

        @Override
        public void rollback() {
            context.rollback();
        }

        @Override
        public void recover() {
            context.recover();
        }

        @Override
        public void acknowledge() {
            context.acknowledge();
        }

        @Override
        public void close() {
            context.close();
        }
    }
}
