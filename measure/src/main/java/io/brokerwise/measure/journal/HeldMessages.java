package io.brokerwise.measure.journal;

import io.brokerwise.client.ClientOptions;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * Persistent messages left on a broker in a durable subscription, counted through the broker's restart. The
 * subscriber's connection has no consumer window, so only what it received counts as delivered (a message buffered
 * ahead of the application would come back flagged too, rightly: the broker cannot tell).
 */
final class HeldMessages {

    /** Printed once the messages wait on the broker: the moment to make it go. */
    static final String HELD = "journal-check: held ";
    static final String REPORT = "journal-check: report ";
    private static final int BATCH = 100;
    private static final Duration IDLE = Duration.ofSeconds(10);

    private final ActiveMQConnectionFactory factory;
    private final String topic;
    private final ClientOptions options;
    private final int messageBytes;
    private final Duration restartWithin;

    HeldMessages(String url, String topic, ClientOptions options, int messageBytes, Duration restartWithin) {
        this.factory = new ActiveMQConnectionFactory(url + "&consumerWindowSize=0");
        this.topic = topic;
        this.options = options;
        this.messageBytes = messageBytes;
        this.restartWithin = restartWithin;
    }

    /**
     * What came back of {@code messages}, of which {@code unacknowledged} were delivered and not acknowledged when the
     * broker went.
     */
    Report run(int messages, int unacknowledged) throws Exception {
        CountDownLatch gone = new CountDownLatch(1);
        try (Connection connection = connect()) {
            connection.setExceptionListener(e -> gone.countDown());
            Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
            Topic destination = session.createTopic(topic);
            session.createDurableConsumer(destination, JournalCheck.SUBSCRIPTION).close();
            publish(session, destination, messages);
            Session receiving = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            MessageConsumer consumer = receiving.createDurableConsumer(destination, JournalCheck.SUBSCRIPTION);
            connection.start();
            BitSet delivered = new BitSet();
            for (int i = 0; i < unacknowledged; i++) {
                Message m = consumer.receive(Duration.ofSeconds(30).toMillis());
                if (m == null) {
                    throw new IllegalStateException("the subscription delivered " + i + " of the " + messages
                            + " messages it holds within 30 s; " + unacknowledged + " were to be delivered");
                }
                delivered.set(m.getIntProperty(JournalCheck.SEQUENCE));
            }
            System.out.println(HELD + messages + " messages, " + unacknowledged + " of them delivered and not "
                    + "acknowledged: waiting for the broker to go");
            if (!gone.await(restartWithin.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("the broker did not go within " + restartWithin);
            }
            return drain(messages, delivered);
        }
    }

    private void publish(Session session, Topic destination, int messages) throws JMSException {
        MessageProducer producer = session.createProducer(destination);
        producer.setDeliveryMode(DeliveryMode.PERSISTENT);
        byte[] body = new byte[messageBytes];
        for (int i = 0; i < messages; i++) {
            BytesMessage m = session.createBytesMessage();
            m.writeBytes(body);
            m.setIntProperty(JournalCheck.SEQUENCE, i);
            producer.send(m);
            if ((i + 1) % BATCH == 0 || i == messages - 1) {
                session.commit();
            }
        }
    }

    /** Consumes the subscription on a new connection once the broker is back, until it stays empty for a while. */
    private Report drain(int sent, BitSet deliveredBefore) throws Exception {
        long deadline = System.nanoTime() + restartWithin.toNanos();
        Counted counted = new Counted(sent, deliveredBefore);
        try (Connection connection = connectOnceBack(deadline)) {
            System.out.println("journal-check: the broker is back");
            Session session = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            MessageConsumer consumer = session.createDurableConsumer(session.createTopic(topic),
                    JournalCheck.SUBSCRIPTION);
            connection.start();
            Message last = null;
            for (Message m; (m = consumer.receive(IDLE.toMillis())) != null; last = m) {
                counted.add(m);
                if (counted.received % BATCH == 0) {
                    m.acknowledge(); // and every message before it in the session
                }
            }
            if (last != null) {
                last.acknowledge();
            }
            consumer.close();
            session.close();
            unsubscribe(connection);
        }
        return counted.report();
    }

    private void unsubscribe(Connection connection) throws JMSException {
        Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        session.unsubscribe(JournalCheck.SUBSCRIPTION);
    }

    private Connection connectOnceBack(long deadline) throws Exception {
        while (true) {
            try {
                return connect();
            } catch (JMSException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(1_000);
            }
        }
    }

    private Connection connect() throws JMSException {
        Connection connection = factory.createConnection(options.user(), options.password());
        try {
            connection.setClientID(JournalCheck.CLIENT_ID);
            return connection;
        } catch (JMSException e) {
            connection.close();
            throw e;
        }
    }

    /** What the drain received, against what was sent and what was delivered before the broker went. */
    private static final class Counted {
        private final int sent;
        private final BitSet deliveredBefore;
        private final BitSet seen = new BitSet();
        private final List<Integer> unflaggedDuplicates = new ArrayList<>();
        private int received;
        private int duplicates;
        private int flaggedBefore;

        Counted(int sent, BitSet deliveredBefore) {
            this.sent = sent;
            this.deliveredBefore = deliveredBefore;
        }

        void add(Message m) throws JMSException {
            received++;
            int seq = m.getIntProperty(JournalCheck.SEQUENCE);
            boolean flagged = m.getJMSRedelivered();
            if (deliveredBefore.get(seq) && flagged && m.getIntProperty("JMSXDeliveryCount") >= 2) {
                flaggedBefore++;
            }
            if (seen.get(seq)) {
                duplicates++;
                if (!flagged) {
                    unflaggedDuplicates.add(seq);
                }
            }
            seen.set(seq);
        }

        Report report() {
            BitSet lost = new BitSet();
            lost.set(0, sent);
            lost.andNot(seen);
            return new Report(sent, received, lost.cardinality(), duplicates, unflaggedDuplicates.size(),
                    deliveredBefore.cardinality(), flaggedBefore);
        }
    }

    /**
     * The count. Kept means: nothing lost, a duplicate only flagged redelivered, and every message delivered and not
     * acknowledged before the broker went came back flagged with a delivery count of 2 or more.
     */
    record Report(int sent, int received, int lost, int duplicates, int unflaggedDuplicates, int deliveredBefore,
                  int deliveredBeforeFlagged) {

        boolean kept() {
            return lost == 0 && unflaggedDuplicates == 0 && deliveredBeforeFlagged == deliveredBefore;
        }

        String line() {
            return REPORT + "sent=" + sent + " received=" + received + " lost=" + lost + " duplicates=" + duplicates
                    + " unflaggedDuplicates=" + unflaggedDuplicates + " deliveredBefore=" + deliveredBefore
                    + " deliveredBeforeFlagged=" + deliveredBeforeFlagged + " kept=" + kept();
        }
    }
}
