package io.brokerwise.broker.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerUsers;
import io.brokerwise.broker.EmbeddedBroker;
import io.brokerwise.broker.queues.QueueReplicas;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A real broker's /metrics, scraped over HTTP and read with the library parser. */
@Timeout(60)
class MetricsEndpointTest {

    @TempDir
    Path dir;

    @Test
    void countsWhatTheBrokerDidWithTheTopic() throws Exception {
        BrokerUsers users = BrokerUsers.generate();
        BrokerCredentials credentials = users.application();
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", "orders", false, 0, dir.toString());
        try (EmbeddedBroker broker = EmbeddedBroker.start(config, users, dir);
             Connection consuming = factory(broker).createConnection(credentials.user(), credentials.password());
             Connection producing = factory(broker).createConnection(credentials.user(), credentials.password())) {
            BrokerSample idle = BrokerScrape.of(broker.metricsAddress(), users.metrics());
            Session in = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Topic topic = in.createTopic("orders");
            MessageConsumer red = in.createConsumer(topic, "color = 'red'");
            MessageConsumer anyColor = in.createConsumer(topic, "color IS NOT NULL");
            in.createConsumer(topic, "color = 'green'");
            consuming.start();
            Session out = producing.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = out.createProducer(topic);
            for (String color : new String[] {"red", "blue", "red", "white"}) {
                var m = out.createMessage();
                m.setStringProperty("color", color);
                producer.send(m);
            }
            while (red.receive(2000) != null || anyColor.receive(2000) != null) {
                // drain: copies are counted as they are routed, not as they are consumed
            }
            BrokerSample busy = BrokerScrape.of(broker.metricsAddress(), users.metrics());
            assertEquals(0, idle.received());
            assertEquals(4, busy.received());
            assertEquals(2 + 4, busy.dispatched(), "two for red, four for any colour, none for green");
            assertEquals(3, busy.subscriptions());
            assertEquals(1, busy.producerConnections());
            assertEquals(1, busy.consumerConnections());
            assertTrue(busy.heapUsedBytes() > 0);
            assertTrue(busy.cpuLimitCores() > 0);
            assertTrue(busy.cpuSeconds() > idle.cpuSeconds(), "the cgroup's CPU time grows while the broker works");
            String text = BrokerScrape.text(broker.metricsAddress(), users.metrics());
            assertTrue(text.contains("artemis_routed_message_count{address=\"orders\""), "the topic's own meters stay");
            assertTrue(text.contains("queue=\"DLQ\""), "other queues keep theirs");
            assertTrue(text.lines().noneMatch(l -> l.contains("address=\"orders\"") && l.contains("queue=")),
                    "no meters for the topic's subscription queues");
        }
    }

    /**
     * A replica of a queue: its producers (Brokerwise's meter), consumers, depth and counts (Artemis's, by the queue's
     * name) read from the endpoint, while the topic's subscription queues still serve no meter.
     */
    @Test
    void countsTheClientsAndMessagesOfEachQueueReplica() throws Exception {
        BrokerUsers users = BrokerUsers.generate();
        BrokerCredentials credentials = users.application();
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", "orders", false, 0, dir.toString())
                .withQueues(new QueueReplicas(List.of("work"), "127.0.0.1:1", List.of()));
        try (EmbeddedBroker broker = EmbeddedBroker.start(config, users, dir);
             Connection connection = factory(broker).createConnection(credentials.user(), credentials.password())) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            session.createConsumer(session.createTopic("orders"));
            Queue work = session.createQueue("work");
            MessageProducer producer = session.createProducer(work);
            session.createProducer(work);
            for (int i = 0; i < 5; i++) {
                producer.send(session.createTextMessage("m" + i));
            }
            assertEquals(new BrokerSample.QueueReplica(2, 0, 5, 5, 0), queue(broker, users, "work"),
                    "two producers, five messages waiting");

            MessageConsumer consumer = session.createConsumer(work);
            connection.start();
            for (int i = 0; i < 5; i++) {
                assertNotNull(consumer.receive(5000));
            }
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (queue(broker, users, "work").acknowledged() < 5 && System.nanoTime() < deadline) {
                Thread.sleep(50); // acknowledgements reach the broker asynchronously
            }
            assertEquals(new BrokerSample.QueueReplica(2, 1, 0, 5, 5), queue(broker, users, "work"));
            String text = BrokerScrape.text(broker.metricsAddress(), users.metrics());
            assertTrue(text.lines().noneMatch(l -> l.contains("address=\"orders\"") && l.contains("queue=")),
                    "still no meters for the topic's subscription queues");
        }
    }

    private static BrokerSample.QueueReplica queue(EmbeddedBroker broker, BrokerUsers users, String name)
            throws Exception {
        return BrokerScrape.of(broker.metricsAddress(), users.metrics()).queues().get(name);
    }

    /** The metrics and management users read the metrics; the application user, a wrong password, nobody: 401. */
    @Test
    void onlyTheMetricsAndManagementUsersReadTheMetrics() throws Exception {
        BrokerUsers users = BrokerUsers.generate();
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", "orders", false, 0, dir.toString());
        try (EmbeddedBroker broker = EmbeddedBroker.start(config, users, dir)) {
            String metrics = broker.metricsAddress();
            assertTrue(BrokerScrape.text(metrics, users.metrics()).contains(BrokerScrape.RECEIVED));
            assertTrue(BrokerScrape.text(metrics, users.management()).contains(BrokerScrape.RECEIVED));
            for (BrokerCredentials refused : new BrokerCredentials[] {users.application(),
                    new BrokerCredentials(users.metrics().user(), users.application().password())}) {
                var e = assertThrows(java.io.IOException.class, () -> BrokerScrape.text(metrics, refused));
                assertTrue(e.getMessage().endsWith("answered 401"), e.getMessage());
            }
            HttpResponse<String> anonymous = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://" + metrics + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, anonymous.statusCode());
            assertTrue(anonymous.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic"));
        }
    }

    @Test
    void theEndpointStopsWithTheBroker() throws Exception {
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", "orders", false, 0, dir.toString());
        BrokerUsers users = BrokerUsers.generate();
        String metrics;
        try (EmbeddedBroker broker = EmbeddedBroker.start(config, users, dir)) {
            metrics = broker.metricsAddress();
            assertTrue(BrokerScrape.text(metrics, users.metrics()).contains(BrokerScrape.RECEIVED));
        }
        assertTrue(refused(metrics, users.metrics()), "nothing listens on " + metrics + " once the broker stopped");
    }

    private static boolean refused(String hostPort, BrokerCredentials user) throws InterruptedException {
        try {
            BrokerScrape.text(hostPort, user);
            return false;
        } catch (java.io.IOException e) {
            return true;
        }
    }

    private static ActiveMQConnectionFactory factory(EmbeddedBroker broker) {
        return new ActiveMQConnectionFactory("tcp://127.0.0.1:" + broker.acceptorPort());
    }
}
