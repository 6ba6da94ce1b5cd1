package io.brokerwise.broker.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerRole;
import io.brokerwise.broker.BrokerUsers;
import io.brokerwise.broker.EmbeddedBroker;
import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.broker.metrics.BrokerScrape;
import io.brokerwise.broker.tls.BrokerKeyStore;
import io.brokerwise.broker.tls.BrokerTrustStore;
import io.brokerwise.broker.tls.CertificateAuthority;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.BindingType;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two real brokers carrying replicas of one queue beside a topic, joined by the cluster connection broker.xml
 * renders: a replica whose consumers are gone hands its messages to the other, every one once, in plain TCP and over
 * TLS; a replica with a consumer keeps what was sent to it (placement holds); the topic's messages never cross. Both
 * brokers name both as peers, as the brokers of a StatefulSet do, sharing one broker.xml.
 */
@Timeout(60)
class QueueReplicasTest {

    private static final String TOPIC = "prices";
    private static final String QUEUE = "work";
    private static final int MESSAGES = 2_000;

    @TempDir
    Path dir;
    private final BrokerUsers users = BrokerUsers.generate();
    private final List<EmbeddedBroker> brokers = new ArrayList<>();
    private final List<Connection> connections = new ArrayList<>();
    private final List<Integer> ports = new ArrayList<>();

    private String host = "127.0.0.1";
    /** A client's URL parameters: none in plain TCP, TLS trusting the brokers' CA otherwise. */
    private String clientTls = "";

    /**
     * Each broker names both ports, its own among them, before either listens: the list a shared broker.xml gives
     * every broker. Ports picked free a moment before binding.
     */
    private void twoBrokersWithReplicasOfTheQueue(boolean tls) throws Exception {
        ports.addAll(List.of(freePort(), freePort()));
        List<String> peers = ports.stream().map(p -> host + ":" + p).toList();
        for (int i = 0; i < 2; i++) {
            QueueReplicas replicas = new QueueReplicas(List.of(QUEUE), peers.get(i), peers);
            brokers.add(EmbeddedBroker.start(BrokerConfiguration.forLoopback("b" + i, TOPIC, false, ports.get(i),
                    dir.resolve("b" + i).toString()).withQueues(replicas).withTls(tls), users, dir.resolve("b" + i)));
        }
    }

    @AfterEach
    void stop() throws Exception {
        for (Connection c : connections) {
            c.close();
        }
        for (EmbeddedBroker b : brokers) {
            b.close();
        }
    }

    @Test
    void aReplicaWithoutConsumersHandsEveryMessageOnceToOneWithConsumers() throws Exception {
        twoBrokersWithReplicasOfTheQueue(false);
        handsEveryMessageOnceToTheReplicaWithAConsumer();
    }

    /**
     * As a Generated topology's brokers, TLS only: each dials the other by the name its certificate carries and
     * trusts their CA, with the trust store's path and password every broker has alike (a broker dials another with
     * the parameters that one announces).
     */
    @Test
    void overTlsAReplicaWithoutConsumersHandsEveryMessageOnce() throws Exception {
        CertificateAuthority ca = CertificateAuthority.generate("queue brokers");
        Path mounted = Files.createDirectories(dir.resolve("tls"));
        CertificateAuthority.Issued issued = ca.issue(List.of("localhost"));
        Files.writeString(mounted.resolve(BrokerKeyStore.certificateKey("b")), issued.certificatePem());
        Files.writeString(mounted.resolve(BrokerKeyStore.keyKey("b")), issued.keyPem());
        Files.writeString(mounted.resolve(BrokerTrustStore.CA_CERTIFICATE), ca.certificatePem());
        BrokerKeyStore.write(mounted, "b", dir.resolve("work"), Duration.ZERO).publish();
        BrokerTrustStore.write(mounted, dir.resolve("work"));
        host = "localhost";
        clientTls = "?sslEnabled=true&trustStoreType=PKCS12&trustStorePath="
                + System.getProperty(BrokerTrustStore.PATH_PROPERTY) + "&trustStorePassword="
                + System.getProperty(BrokerTrustStore.PASSWORD_PROPERTY);
        twoBrokersWithReplicasOfTheQueue(true);
        handsEveryMessageOnceToTheReplicaWithAConsumer();
    }

    private void handsEveryMessageOnceToTheReplicaWithAConsumer() throws Exception {
        Map<String, AtomicInteger> received = consume(1, QUEUE, false);
        await(() -> remoteBindings(0, QUEUE) == 1, "broker 0 sees the consumer's replica on broker 1");
        send(0, QUEUE, false);
        await(() -> received.size() == MESSAGES, "every message reaches broker 1's consumer");
        assertEquals(MESSAGES, queue(0).getMessagesAdded(), "all sent to broker 0");
        assertEquals(MESSAGES, queue(1).getMessagesAdded(), "all moved to broker 1");
        assertEquals(0, queue(0).getMessageCount(), "nothing stranded on broker 0");
        assertEquals(0, duplicates(received), "each arrived once");
    }

    /**
     * Joined by their cluster connection alone, neither broker counts a client's connection: a broker retired
     * from a queue's replicas is free to go once its clients have.
     */
    @Test
    void theClusterConnectionIsNoClientOfEitherBroker() throws Exception {
        twoBrokersWithReplicasOfTheQueue(false);
        await(() -> remoteBindings(0, QUEUE) == 1 && remoteBindings(1, QUEUE) == 1, "the replicas see each other");
        for (EmbeddedBroker b : brokers) {
            BrokerSample sample = BrokerScrape.of(b.metricsAddress(), users.of(BrokerRole.METRICS));
            assertEquals(0, sample.producerConnections() + sample.consumerConnections(), b.metricsAddress());
        }
    }

    @Test
    void aReplicaWithItsOwnConsumerKeepsWhatWasSentToIt() throws Exception {
        twoBrokersWithReplicasOfTheQueue(false);
        Map<String, AtomicInteger> local = consume(0, QUEUE, false);
        Map<String, AtomicInteger> remote = consume(1, QUEUE, false);
        await(() -> remoteBindings(0, QUEUE) == 1, "broker 0 sees broker 1's replica");
        send(0, QUEUE, false);
        await(() -> local.size() == MESSAGES, "broker 0's consumer takes what was sent to broker 0");
        assertEquals(0, remote.size(), "no message moved while its replica had a consumer");
        assertEquals(0, duplicates(local));
    }

    @Test
    void theTopicsMessagesNeverCrossTheClusterConnection() throws Exception {
        twoBrokersWithReplicasOfTheQueue(false);
        Map<String, AtomicInteger> here = consume(0, TOPIC, true);
        Map<String, AtomicInteger> there = consume(1, TOPIC, true);
        consume(1, QUEUE, false);
        await(() -> remoteBindings(0, QUEUE) == 1, "the cluster connection is up");
        send(0, TOPIC, true);
        await(() -> here.size() == MESSAGES, "broker 0's subscriber gets every message");
        assertEquals(0, remoteBindings(0, TOPIC), "broker 0 knows no subscription of broker 1");
        assertEquals(0, there.size(), "broker 1's subscriber gets nothing sent to broker 0");
        assertEquals(0, duplicates(here));
    }

    private Map<String, AtomicInteger> consume(int broker, String destination, boolean topic) throws JMSException {
        Session session = connect(broker).createSession(false, Session.AUTO_ACKNOWLEDGE);
        Map<String, AtomicInteger> received = new ConcurrentHashMap<>();
        session.createConsumer(topic ? session.createTopic(destination) : session.createQueue(destination))
                .setMessageListener(m -> {
                    try {
                        received.computeIfAbsent(m.getStringProperty("id"), id -> new AtomicInteger()).incrementAndGet();
                    } catch (JMSException e) {
                        throw new IllegalStateException(e);
                    }
                });
        return received;
    }

    private void send(int broker, String destination, boolean topic) throws JMSException {
        Session session = connect(broker).createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer producer = session.createProducer(topic ? session.createTopic(destination)
                : session.createQueue(destination));
        for (int i = 0; i < MESSAGES; i++) {
            var m = session.createTextMessage("m" + i);
            m.setStringProperty("id", "m" + i);
            producer.send(m);
        }
    }

    private Connection connect(int broker) throws JMSException {
        BrokerCredentials app = users.application();
        Connection c = new ActiveMQConnectionFactory("tcp://" + host + ":" + ports.get(broker) + clientTls)
                .createConnection(app.user(), app.password());
        connections.add(c);
        c.start();
        return c;
    }

    private long remoteBindings(int broker, String address) {
        try {
            return brokers.get(broker).server().getPostOffice().getBindingsForAddress(SimpleString.of(address))
                    .getBindings().stream().map(Binding::getType).filter(BindingType.REMOTE_QUEUE::equals).count();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private Queue queue(int broker) {
        return brokers.get(broker).server().locateQueue(SimpleString.of(QUEUE));
    }

    private static long duplicates(Map<String, AtomicInteger> received) {
        return received.values().stream().mapToInt(AtomicInteger::get).filter(n -> n > 1).count();
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "within 30 s: " + what);
            Thread.sleep(20);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
