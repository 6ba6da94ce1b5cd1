package io.brokerwise.broker.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.EmbeddedBroker;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
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
        BrokerCredentials credentials = BrokerCredentials.generate();
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", "orders", false, freePort(), dir.toString());
        try (EmbeddedBroker broker = EmbeddedBroker.start(config, credentials, dir);
             Connection consuming = factory(config).createConnection(credentials.user(), credentials.password());
             Connection producing = factory(config).createConnection(credentials.user(), credentials.password())) {
            BrokerSample idle = BrokerScrape.of(broker.metricsAddress());
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
            BrokerSample busy = BrokerScrape.of(broker.metricsAddress());
            assertEquals(0, idle.received());
            assertEquals(4, busy.received());
            assertEquals(2 + 4, busy.dispatched(), "two for red, four for any colour, none for green");
            assertEquals(3, busy.subscriptions());
            assertEquals(1, busy.producerConnections());
            assertEquals(1, busy.consumerConnections());
            assertTrue(busy.heapUsedBytes() > 0);
            assertTrue(busy.cpuLimitCores() > 0);
            assertTrue(busy.cpuSeconds() > idle.cpuSeconds(), "the cgroup's CPU time grows while the broker works");
        }
    }

    @Test
    void theEndpointStopsWithTheBroker() throws Exception {
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b0", "orders", false, freePort(), dir.toString());
        String metrics;
        try (EmbeddedBroker broker = EmbeddedBroker.start(config, BrokerCredentials.generate(), dir)) {
            metrics = broker.metricsAddress();
            assertTrue(BrokerScrape.text(metrics).contains(BrokerScrape.RECEIVED));
        }
        assertTrue(refused(metrics), "nothing listens on " + metrics + " once the broker stopped");
    }

    private static boolean refused(String hostPort) throws InterruptedException {
        try {
            BrokerScrape.text(hostPort);
            return false;
        } catch (java.io.IOException e) {
            return true;
        }
    }

    private static ActiveMQConnectionFactory factory(BrokerConfiguration config) {
        return new ActiveMQConnectionFactory("tcp://127.0.0.1:" + config.port());
    }

    static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
