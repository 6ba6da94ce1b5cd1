package io.brokerwise.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.metrics.BrokerScrape;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.apache.activemq.artemis.api.jms.management.JMSManagementHelper;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Starts a real broker from the rendered broker.xml and checks what the operator relies on. */
@Timeout(60)
class BrokerConfigurationTest {

    @TempDir
    Path dir;

    @Test
    void renderedBrokerFiltersOnTheTopicAndCountsWhatItDid() throws Exception {
        BrokerUsers users = BrokerUsers.generate();
        BrokerCredentials credentials = users.application();
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", "orders", false, 0, dir.toString());
        try (EmbeddedBroker broker = EmbeddedBroker.start(config, users, dir);
             Connection connection = connect(broker.acceptorPort(), credentials)) {
            assertFalse(broker.server().getConfiguration().isPersistenceEnabled());
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Topic topic = session.createTopic("orders");
            MessageConsumer red = session.createConsumer(topic, "color = 'red'");
            MessageConsumer none = session.createConsumer(topic, "color = 'green'");
            connection.start();
            publish(session, topic, "red", "blue", "red");
            assertEquals(2, drain(red));
            assertEquals(0, drain(none));
            var counts = BrokerScrape.of(broker.metricsAddress(), users.metrics());
            assertEquals(3, counts.received());
            assertEquals(2, counts.dispatched());
        }
    }

    @Test
    void aBrokerWhosePortIsTakenDoesNotStart() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", "orders", false, taken.getLocalPort(),
                    dir.toString());
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> EmbeddedBroker.start(config, BrokerUsers.generate(), dir).close());
            assertTrue(e.getMessage().contains("could not listen"), e.getMessage());
        }
    }

    @Test
    void portZeroListensOnAPortTheKernelPicked() throws Exception {
        BrokerUsers users = BrokerUsers.generate();
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerConfiguration.forLoopback("b0", "orders", false, 0,
                dir.toString()), users, dir);
             Connection connection = connect(broker.acceptorPort(), users.application())) {
            assertTrue(broker.acceptorPort() > 0);
            connection.createSession(false, Session.AUTO_ACKNOWLEDGE).close();
        }
    }

    @Test
    void wrongPasswordAndUnknownTopicAreRefused() throws Exception {
        BrokerUsers users = BrokerUsers.generate();
        BrokerCredentials credentials = users.application();
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", "orders", true, 0, dir.toString());
        try (EmbeddedBroker broker = EmbeddedBroker.start(config, users, dir)) {
            assertTrue(broker.server().getConfiguration().isPersistenceEnabled());
            ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(
                    "tcp://127.0.0.1:" + broker.acceptorPort());
            assertThrows(JMSException.class, () -> factory.createConnection(credentials.user(), "wrong").close());
            try (Connection connection = factory.createConnection(credentials.user(), credentials.password())) {
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                assertThrows(JMSException.class, () -> session.createConsumer(session.createTopic("ordres")));
            }
        }
    }

    /**
     * The application role can publish and subscribe with selectors on the topic, and nothing else: management
     * (here creating an address through the management address), durable subscriptions and the broker's other
     * queues are refused. A closed subscriber's queue goes with it, which takes deleteNonDurableQueue.
     */
    @Test
    void theApplicationRoleSendsAndSubscribesAndCannotManage() throws Exception {
        BrokerUsers users = BrokerUsers.generate();
        BrokerCredentials credentials = users.application();
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", "orders.eu", false, 0, dir.toString());
        try (EmbeddedBroker broker = EmbeddedBroker.start(config, users, dir);
             Connection connection = connect(broker.acceptorPort(), credentials)) {
            connection.setClientID("application");
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Topic topic = session.createTopic("orders.eu");
            MessageConsumer red = session.createConsumer(topic, "color = 'red'");
            connection.start();
            publish(session, topic, "red", "blue");
            assertEquals(1, drain(red));
            red.close();
            assertEquals(0, subscriptionQueues(broker, "orders.eu"), "the closed subscriber's queue is gone");

            Message manage = session.createMessage();
            JMSManagementHelper.putOperationInvocation(manage, ResourceNames.BROKER, "createAddress", "rogue", "MULTICAST");
            MessageProducer management = session.createProducer(session.createQueue("activemq.management"));
            management.setDeliveryMode(DeliveryMode.PERSISTENT); // a blocking send: the refusal comes back to it
            assertRefused("MANAGE", () -> management.send(manage));
            assertNull(broker.server().getAddressInfo(SimpleString.of("rogue")));
            assertRefused("CREATE_DURABLE_QUEUE", () -> session.createDurableConsumer(topic, "kept"));
            assertRefused("CONSUME", () -> session.createConsumer(session.createQueue("DLQ")));
            assertRefused("BROWSE", () -> session.createBrowser(session.createQueue("DLQ")).getEnumeration());
        }
    }

    /**
     * The metrics user logs in but may do nothing on the broker: a subscription to the topic, consuming a queue,
     * sending and management operations are all refused (it reads GET /metrics only, MetricsEndpointTest).
     */
    @Test
    void theMetricsUserIsRefusedWhenItConsumes() throws Exception {
        BrokerUsers users = BrokerUsers.generate();
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", "orders", false, 0, dir.toString());
        try (EmbeddedBroker broker = EmbeddedBroker.start(config, users, dir);
             Connection connection = connect(broker.acceptorPort(), users.metrics())) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Topic topic = session.createTopic("orders");
            JMSSecurityException subscribing = assertThrows(JMSSecurityException.class,
                    () -> session.createConsumer(topic, "color = 'red'"));
            assertTrue(subscribing.getMessage().contains(users.metrics().user())
                    && subscribing.getMessage().contains("does not have permission"), subscribing.getMessage());
            assertRefused("CONSUME", () -> session.createConsumer(session.createQueue("DLQ")));
            MessageProducer producer = session.createProducer(topic);
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            assertRefused("SEND", () -> producer.send(session.createMessage()));
            assertRefused("MANAGE", () -> manage(session, "createAddress", "rogue", "MULTICAST"));
            assertNull(broker.server().getAddressInfo(SimpleString.of("rogue")));
        }
    }

    /** The management user runs management operations, which the application and metrics users may not. */
    @Test
    void theManagementUserManages() throws Exception {
        BrokerUsers users = BrokerUsers.generate();
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", "orders", false, 0, dir.toString());
        try (EmbeddedBroker broker = EmbeddedBroker.start(config, users, dir);
             Connection connection = connect(broker.acceptorPort(), users.management())) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            manage(session, "createAddress", "managed", "MULTICAST");
            assertTrue(broker.server().getAddressInfo(SimpleString.of("managed")) != null);
        }
    }

    /** Sends a management operation and waits for the broker to take it (a blocking send). */
    private static void manage(Session session, String operation, Object... arguments) throws Exception {
        Message manage = session.createMessage();
        JMSManagementHelper.putOperationInvocation(manage, ResourceNames.BROKER, operation, arguments);
        MessageProducer management = session.createProducer(session.createQueue("activemq.management"));
        management.setDeliveryMode(DeliveryMode.PERSISTENT);
        management.send(manage);
    }

    private static void assertRefused(String permission, org.junit.jupiter.api.function.Executable operation) {
        JMSSecurityException refused = assertThrows(JMSSecurityException.class, operation);
        assertTrue(refused.getMessage().contains("permission='" + permission + "'"), refused.getMessage());
    }

    private static int subscriptionQueues(EmbeddedBroker broker, String topic) throws Exception {
        return broker.server().getPostOffice().getBindingsForAddress(SimpleString.of(topic)).getBindings().size();
    }

    @Test
    void theAcceptorRefusesConnectionsBeyondTheLimit() throws Exception {
        int limit = 3;
        BrokerUsers users = BrokerUsers.generate();
        BrokerCredentials credentials = users.application();
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", "orders", false, 0, dir.toString())
                .withMaxConnections(limit);
        List<Connection> open = new ArrayList<>();
        try (EmbeddedBroker broker = EmbeddedBroker.start(config, users, dir)) {
            int port = broker.acceptorPort();
            ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory("tcp://127.0.0.1:" + port);
            for (int i = 0; i < limit; i++) {
                open.add(factory.createConnection(credentials.user(), credentials.password()));
            }
            for (Connection c : open) {
                Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                session.createProducer(session.createTopic("orders")).send(session.createMessage());
            }
            // refused: the client's handshake gets no answer, so it fails after its call timeout (30 s by default)
            ActiveMQConnectionFactory impatient = new ActiveMQConnectionFactory("tcp://127.0.0.1:" + port + "?callTimeout=2000");
            JMSException refused = assertThrows(JMSException.class,
                    () -> impatient.createConnection(credentials.user(), credentials.password()).close());
            assertTrue(refused.getMessage().contains("Failed to create session factory"), refused.getMessage());
            assertEquals(limit, broker.server().getConnectionCount());
            // the refusal was the limit, not the broker: a freed slot takes the next connection
            open.remove(0).close();
            while (broker.server().getConnectionCount() >= limit) {
                Thread.sleep(20); // the broker drops the closed connection asynchronously; @Timeout bounds this
            }
            open.add(factory.createConnection(credentials.user(), credentials.password()));
        } finally {
            for (Connection c : open) {
                c.close();
            }
        }
    }

    @Test
    void namesThatWouldBreakTheXmlAreRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> BrokerConfiguration.forPod("b0", "orders\"/><x", false));
        assertTrue(BrokerConfiguration.forPod("b0", "orders", true).render()
                .contains("tcp://0.0.0.0:61616?protocols=CORE;connectionsAllowed=-1;"), "no limit unless given");
        assertThrows(IllegalArgumentException.class,
                () -> BrokerConfiguration.forPod("b0", "orders", true).withMaxConnections(0));
    }

    /**
     * A broker of one topic names it as brokers always did (an operator upgrade rolls no broker whose broker.xml is
     * unchanged); a broker of several declares each and names them all to its meters.
     */
    @Test
    void eachTopicIsAnAddressAndOneTopicKeepsTheKeyItAlwaysHad() {
        String one = BrokerConfiguration.forPod("b0", "orders", false).render();
        assertTrue(one.contains("<property key=\"topic\" value=\"orders\"/>"), one);
        assertFalse(one.contains("key=\"topics\""), one);
        String several = BrokerConfiguration.forPod("b0", "orders", true).withTopics(List.of("prices", "trades"))
                .render();
        assertTrue(several.contains("<property key=\"topics\" value=\"prices,trades\"/>"), several);
        for (String topic : List.of("prices", "trades")) {
            assertTrue(several.contains("<address name=\"" + topic + "\">"), topic);
            assertTrue(several.contains("<security-setting match=\"" + topic + "\">"), topic);
        }
        assertFalse(several.contains("\"orders\""), "withTopics replaces the one topic");
        assertThrows(IllegalArgumentException.class, () -> BrokerConfiguration.forPod("b0", "orders", false)
                .withTopics(List.of("prices", "prices")));
    }

    @Test
    void credentialsAreRandomAndNeverPrinted() {
        BrokerCredentials a = BrokerCredentials.generate();
        assertNotEquals(a.password(), BrokerCredentials.generate().password());
        assertFalse(a.toString().contains(a.password()));
        BrokerUsers users = BrokerUsers.generate().rotating(BrokerRole.METRICS, "next-metrics-password");
        for (BrokerRole role : BrokerRole.values()) {
            assertFalse(users.toString().contains(users.of(role).password()), users.toString());
        }
        assertFalse(users.toString().contains(users.previousPasswords().get(BrokerRole.METRICS)), users.toString());
    }

    /** One user per role: a broker whose Secrets name the same user twice refuses to start, naming the three. */
    @Test
    void usersOfTwoRolesMustDiffer() {
        BrokerUsers users = BrokerUsers.generate();
        var refused = assertThrows(IllegalArgumentException.class, () -> new BrokerUsers(users.application(),
                new BrokerCredentials(users.application().user(), "other"), users.management()));
        assertTrue(refused.getMessage().contains("must have different names"), refused.getMessage());
        var missing = assertThrows(IllegalStateException.class,
                () -> BrokerUsers.of(key -> key.startsWith("METRICS") ? null : "x"));
        assertTrue(missing.getMessage().startsWith("METRICS_USER and METRICS_PASSWORD must be set"), missing.getMessage());
    }

    @Test
    void producerBlockingFloodIsThrottledOtherLinesPass() {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        PrintStream log = new PrintStream(new ThrottledLog(new PrintStream(sink, true, StandardCharsets.UTF_8)), true,
                StandardCharsets.UTF_8);
        for (int i = 0; i < 1000; i++) {
            log.println("WARN AMQ222183: Blocking message production on address 'orders'");
            log.println("INFO AMQ221046: Unblocking message production on address 'orders'");
        }
        log.println("WARN AMQ222000: something else");
        String text = sink.toString(StandardCharsets.UTF_8);
        assertEquals(1, text.lines().filter(ThrottledLog::isNoisy).count(), text);
        assertTrue(text.contains("AMQ222000"));
    }

    private static Connection connect(int port, BrokerCredentials credentials) throws JMSException {
        return new ActiveMQConnectionFactory("tcp://127.0.0.1:" + port).createConnection(credentials.user(),
                credentials.password());
    }

    private static void publish(Session session, Topic topic, String... colors) throws JMSException {
        MessageProducer producer = session.createProducer(topic);
        for (String color : colors) {
            Message m = session.createMessage();
            m.setStringProperty("color", color);
            producer.send(m);
        }
    }

    private static int drain(MessageConsumer consumer) throws JMSException {
        int n = 0;
        long wait = 2000;
        while (consumer.receive(wait) != null) {
            n++;
            wait = 300;
        }
        assertNull(consumer.receiveNoWait());
        return n;
    }
}
