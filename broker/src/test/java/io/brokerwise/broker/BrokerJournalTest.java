package io.brokerwise.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.broker.metrics.BrokerScrape;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A broker with a journal directory persists; the rendered settings, and what survives a restart on real Artemis. */
@Timeout(60)
class BrokerJournalTest {

    private static final String TOPIC = "orders";
    private static final String QUEUE = "DLQ";

    @TempDir
    Path dir;

    @TempDir
    Path crashed;

    @Test
    void aBrokerWithoutAJournalDirectoryPersistsNothingAndNoDiskBlocksIt() {
        String xml = BrokerConfiguration.forPod("b0", TOPIC, false).render();
        assertTrue(xml.contains("<persistence-enabled>false</persistence-enabled>"), xml);
        assertTrue(xml.contains("<max-disk-usage>-1</max-disk-usage>"), xml);
        assertFalse(xml.contains("persist-delivery-count-before-delivery"), xml);
        assertFalse(xml.contains(BrokerConfiguration.POD_JOURNAL_DIRECTORY), xml);
    }

    @Test
    void aBrokerWithAJournalSyncsItOnItsVolumeAndBlocksProducersWhenTheVolumeFills() {
        BrokerConfiguration pod = BrokerConfiguration.forPod("b0", TOPIC, true);
        assertEquals(BrokerConfiguration.POD_JOURNAL_DIRECTORY, pod.journalDirectory());
        String xml = pod.render();
        for (String setting : new String[] {
            "<persistence-enabled>true</persistence-enabled>",
            "<journal-type>ASYNCIO</journal-type>",
            "<journal-datasync>true</journal-datasync>",
            "<journal-sync-transactional>true</journal-sync-transactional>",
            "<journal-sync-non-transactional>true</journal-sync-non-transactional>",
            "<journal-buffer-timeout>500000</journal-buffer-timeout>",
            "<persist-delivery-count-before-delivery>true</persist-delivery-count-before-delivery>",
            "<max-disk-usage>90</max-disk-usage>",
            "<journal-directory>/var/lib/artemis/journal/messages</journal-directory>",
            "<bindings-directory>/var/lib/artemis/journal/bindings</bindings-directory>",
            "<paging-directory>/var/lib/artemis/journal/paging</paging-directory>",
            "<large-messages-directory>/var/lib/artemis/journal/large-messages</large-messages-directory>"}) {
            assertTrue(xml.contains("\n    " + setting + "\n"), setting + " in\n" + xml);
        }
    }

    /** The pooled journal files and a full address fit under max-disk-usage: 182 MiB for a pod's broker. */
    @Test
    void theJournalNeedsItsPooledFilesAndAFullAddressUnderTheDiskLimit() {
        long needed = BrokerConfiguration.forPod("b0", TOPIC, true).journalBytesNeeded();
        assertEquals((10 * 10 + 64) * 100 / 90, needed >> 20);
    }

    /**
     * Persistent messages survive a broker that dies: one delivered and not acknowledged before comes back flagged
     * redelivered, with its delivery count; one never delivered comes back unflagged. The broker dies by copying its
     * journal while it runs, the message delivered, and starting a broker on the copy: a stop would cancel the
     * delivery and write the count on its way out, which a killed pod or a lost node never does.
     * The messages wait in a durable queue, the broker's DLQ, as the management user: the application role has
     * non-durable subscriptions only, whose queues and messages go with the broker by design.
     */
    @Test
    void persistentMessagesSurviveABrokerThatDiesAndADeliveredOneComesBackRedelivered() throws Exception {
        BrokerUsers users = BrokerUsers.generate();
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", TOPIC, true, 0, dir.toString());
        try (EmbeddedBroker broker = EmbeddedBroker.start(config, users, dir)) {
            assertTrue(broker.server().getConfiguration().isPersistenceEnabled());
            assertTrue(broker.server().getConfiguration().getJournalType() == JournalType.ASYNCIO
                    || broker.server().getConfiguration().getJournalType() == JournalType.NIO);
            publish(broker, users, "delivered", "waiting");
            Connection subscriber = connect(broker, users);
            Session session = subscriber.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            MessageConsumer kept = session.createConsumer(session.createQueue(QUEUE));
            subscriber.start();
            TextMessage delivered = (TextMessage) kept.receive(5_000);
            assertEquals("delivered", delivered.getText());
            assertFalse(delivered.getJMSRedelivered());
            // The count written before delivery waits in the journal's timed buffer for a few milliseconds; a test
            // starved of CPU could copy the files before it reaches them. Flushed, the copy is what the volume holds.
            broker.server().getStorageManager().getMessageJournal().flush();
            copy(dir.resolve("journal"), crashed.resolve("journal")); // what the volume holds if the broker dies now
            subscriber.close();
        }
        BrokerConfiguration restarted = BrokerConfiguration.forLoopback("b0", TOPIC, true, 0, crashed.toString());
        try (EmbeddedBroker broker = EmbeddedBroker.start(restarted, users, crashed);
             Connection subscriber = connect(broker, users)) {
            Session session = subscriber.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            MessageConsumer kept = session.createConsumer(session.createQueue(QUEUE));
            subscriber.start();
            Message redelivered = kept.receive(5_000);
            assertNotNull(redelivered, "the delivered message survived the restart");
            assertEquals("delivered", ((TextMessage) redelivered).getText());
            assertTrue(redelivered.getJMSRedelivered());
            assertEquals(2, redelivered.getIntProperty("JMSXDeliveryCount"));
            Message waiting = kept.receive(5_000);
            assertEquals("waiting", ((TextMessage) waiting).getText());
            assertFalse(waiting.getJMSRedelivered());
            assertEquals(1, waiting.getIntProperty("JMSXDeliveryCount"));
            waiting.acknowledge();
            assertNull(kept.receiveNoWait());
        }
    }

    /**
     * On a broker with a journal the application user may hold durable subscriptions on the topic, and the metrics
     * say what they hold and how full the journal's volume is; elsewhere a durable subscription is refused, since
     * what it held would go with the broker.
     */
    @Test
    void durableSubscriptionsOnlyWhereAJournalKeepsThemAndTheMetricsSayWhatTheyHold() throws Exception {
        BrokerUsers users = BrokerUsers.generate();
        try (EmbeddedBroker broker = EmbeddedBroker.start(
                BrokerConfiguration.forLoopback("b0", TOPIC, true, 0, dir.toString()), users, dir);
             Connection app = factory(broker).createConnection(users.application().user(),
                     users.application().password())) {
            app.setClientID("billing");
            Session session = app.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Topic topic = session.createTopic(TOPIC);
            session.createDurableConsumer(topic, "invoices").close();
            MessageProducer producer = session.createProducer(topic);
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            for (int i = 0; i < 3; i++) {
                producer.send(session.createTextMessage("owed " + i));
            }
            BrokerSample sample = awaitDiskScanned(broker, users);
            assertEquals(new BrokerSample.Held(3, 1, Map.of("billing.invoices", 3L)), sample.held(),
                    "each subscription that holds messages named, as its queue is: client ID and name");
            assertTrue(sample.diskStoreUsage() > 0 && sample.diskStoreUsage() <= 1, "usage " + sample.diskStoreUsage());
        }
        try (EmbeddedBroker broker = EmbeddedBroker.start(
                BrokerConfiguration.forLoopback("b1", TOPIC, false, 0, crashed.toString()), users, crashed);
             Connection app = factory(broker).createConnection(users.application().user(),
                     users.application().password())) {
            app.setClientID("billing");
            Session session = app.createSession(false, Session.AUTO_ACKNOWLEDGE);
            assertThrows(JMSSecurityException.class,
                    () -> session.createDurableConsumer(session.createTopic(TOPIC), "invoices"));
        }
    }

    /** Artemis serves its disk usage once its first disk scan (5 s after start) has run. */
    private static BrokerSample awaitDiskScanned(EmbeddedBroker broker, BrokerUsers users) throws Exception {
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
        while (true) {
            BrokerSample sample = BrokerScrape.of(broker.metricsAddress(), users.metrics());
            if (!Double.isNaN(sample.diskStoreUsage()) && sample.diskStoreUsage() > 0 || System.nanoTime() > deadline) {
                return sample;
            }
            Thread.sleep(200);
        }
    }

    private static Connection connect(EmbeddedBroker broker, BrokerUsers users) throws JMSException {
        return factory(broker).createConnection(users.management().user(), users.management().password());
    }

    private static void publish(EmbeddedBroker broker, BrokerUsers users, String... texts) throws JMSException {
        try (Connection connection = connect(broker, users)) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(session.createQueue(QUEUE));
            producer.setDeliveryMode(DeliveryMode.PERSISTENT); // returns once the broker journalled it
            for (String text : texts) {
                producer.send(session.createTextMessage(text));
            }
        }
    }

    /**
     * No consumer window: a message the client buffers ahead of its application counts as delivered too, and would
     * come back flagged (rightly: the broker cannot tell), so only what the test receives is delivered.
     */
    private static ActiveMQConnectionFactory factory(EmbeddedBroker broker) {
        return new ActiveMQConnectionFactory("tcp://127.0.0.1:" + broker.acceptorPort() + "?consumerWindowSize=0");
    }

    private static void copy(Path from, Path to) throws java.io.IOException {
        try (var files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else if (!file.getFileName().toString().endsWith(".lock")) {
                    Files.copy(file, target);
                }
            }
        }
    }
}
