package io.brokerwise.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.metrics.BrokerScrape;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rotating a password on a running broker, as docs/operations.md describes it: the Secret first holds the new
 * password with the old one as the previous password, clients move to the new one, then the previous password
 * goes. A subscriber that connected with the old password keeps its subscription throughout.
 */
@Timeout(60)
class PasswordRotationTest {

    static final String TOPIC = "orders";

    @TempDir
    Path dir;

    @Test
    void aSubscriberOfTheOldPasswordKeepsItsSubscriptionWhileNewConnectionsTakeOnlyTheNewOne() throws Exception {
        BrokerUsers before = BrokerUsers.generate();
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", TOPIC, false, 0, dir.toString());
        try (EmbeddedBroker broker = EmbeddedBroker.start(config, before, dir);
             Connection oldSubscriber = connect(broker.acceptorPort(), before.application());
             Connection oldPublisher = connect(broker.acceptorPort(), before.application())) {
            Session in = oldSubscriber.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer red = in.createConsumer(in.createTopic(TOPIC), "color = 'red'");
            oldSubscriber.start();
            Session oldOut = oldPublisher.createSession(false, Session.AUTO_ACKNOWLEDGE);

            // step 1: the new password, the old one still admitted
            String newPassword = BrokerCredentials.randomPassword();
            BrokerUsers rotating = before.rotating(BrokerRole.APPLICATION, newPassword);
            broker.admit(rotating);
            BrokerCredentials renewed = rotating.application();
            connect(broker.acceptorPort(), renewed).close();
            connect(broker.acceptorPort(), before.application()).close();
            publish(oldOut, "red", "blue");
            assertEquals(1, receive(red), "the old password's publisher still sends while both are admitted");

            // step 2, the clients move to the new password; step 3, the old one goes
            broker.admit(rotating.withoutPreviousPasswords());
            assertThrows(JMSSecurityException.class, () -> connect(broker.acceptorPort(), before.application()).close());
            assertThrows(JMSSecurityException.class, () -> publish(oldOut, "red"),
                    "a session of the old password sends no more: step 3 waits for every client");
            try (Connection newPublisher = connect(broker.acceptorPort(), renewed)) {
                publish(newPublisher.createSession(false, Session.AUTO_ACKNOWLEDGE), "red", "red", "green");
            }
            assertEquals(2, receive(red), "the subscription of the old password's subscriber still receives");
            assertEquals(1, broker.server().getPostOffice().getBindingsForAddress(SimpleString.of(TOPIC))
                    .getBindings().size(), "its subscription queue is the one it had");
            // the other users were not touched
            assertTrue(BrokerScrape.text(broker.metricsAddress(), before.metrics()).contains(BrokerScrape.RECEIVED));
        }
    }

    /**
     * The path a broker pod takes: its Secrets mounted as files, laid out as the kubelet lays them out (each key a
     * link through {@code ..data} to the current set of files, a change a new set and {@code ..data} swapped to it),
     * read again while it runs.
     */
    @Test
    void aPasswordChangedInTheMountedSecretReachesTheRunningBroker() throws Exception {
        Path secret = Files.createDirectories(dir.resolve("credentials"));
        BrokerUsers before = BrokerUsers.generate();
        publish(secret, before.keys());
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", TOPIC, false, 0, dir.toString());
        BrokerUsers mounted = MountedCredentials.read(secret);
        assertEquals(before, mounted);
        List<String> problems = new CopyOnWriteArrayList<>();
        try (EmbeddedBroker broker = EmbeddedBroker.start(config, mounted, dir.resolve("broker"));
             MountedCredentials watch = MountedCredentials.watch(secret, mounted, Duration.ofMillis(100),
                     broker::admit, problems::add)) {
            BrokerUsers rotating = before.rotating(BrokerRole.APPLICATION, BrokerCredentials.randomPassword());
            publish(secret, rotating.keys());
            awaitAccepted(broker.acceptorPort(), rotating.application());
            connect(broker.acceptorPort(), before.application()).close(); // still admitted: the previous password

            publish(secret, rotating.withoutPreviousPasswords().keys());
            awaitRefused(broker.acceptorPort(), before.application());
            connect(broker.acceptorPort(), rotating.application()).close();

            Map<String, String> broken = new HashMap<>(rotating.withoutPreviousPasswords().keys());
            broken.remove(BrokerRole.METRICS.passwordKey());
            publish(secret, broken);
            while (problems.isEmpty()) {
                Thread.sleep(50); // @Timeout bounds the wait
            }
            assertTrue(problems.get(0).contains("METRICS_USER and METRICS_PASSWORD must be set"), problems.get(0));
            connect(broker.acceptorPort(), rotating.application()).close(); // the users it had are kept
            // Five more reads: at least four whole reads of the same broken files after the one that reported, each
            // of which would have reported again if the watch reported every period.
            long reads = watch.reads();
            while (watch.reads() < reads + 5) {
                Thread.sleep(20); // @Timeout bounds the wait
            }
            assertEquals(1, problems.size(), "a broken Secret is reported once, not every period: " + problems);
        }
    }

    /** A new set of files, then {@code ..data} swapped to it in one rename, as the kubelet's AtomicWriter does. */
    private static void publish(Path volume, Map<String, String> keys) throws Exception {
        Path set = Files.createDirectory(volume.resolve("..set-" + System.nanoTime()));
        for (var key : keys.entrySet()) {
            Files.writeString(set.resolve(key.getKey()), key.getValue());
            Path link = volume.resolve(key.getKey());
            if (!Files.isSymbolicLink(link)) {
                Files.createSymbolicLink(link, Path.of("..data", key.getKey()));
            }
        }
        Path next = Files.createSymbolicLink(volume.resolve("..data_tmp"), set.getFileName());
        Files.move(next, volume.resolve("..data"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void awaitAccepted(int port, BrokerCredentials user) throws InterruptedException {
        while (true) {
            try {
                connect(port, user).close();
                return;
            } catch (JMSException refused) {
                Thread.sleep(100); // @Timeout bounds the wait
            }
        }
    }

    private static void awaitRefused(int port, BrokerCredentials user) throws Exception {
        while (true) {
            try {
                connect(port, user).close();
                Thread.sleep(100);
            } catch (JMSSecurityException refused) {
                return;
            }
        }
    }

    private static Connection connect(int port, BrokerCredentials user) throws JMSException {
        return new ActiveMQConnectionFactory("tcp://127.0.0.1:" + port).createConnection(user.user(), user.password());
    }

    private static void publish(Session session, String... colors) throws JMSException {
        Topic topic = session.createTopic(TOPIC);
        MessageProducer producer = session.createProducer(topic);
        for (String color : colors) {
            Message m = session.createMessage();
            m.setStringProperty("color", color);
            producer.send(m);
        }
    }

    private static int receive(MessageConsumer consumer) throws JMSException {
        int n = 0;
        long wait = 2000;
        Message m;
        while ((m = consumer.receive(wait)) != null) {
            assertNotNull(m.getStringProperty("color"));
            n++;
            wait = 300;
        }
        return n;
    }
}
