package io.brokerwise.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.client.ClientOptions;
import io.brokerwise.client.Outgoing;
import io.brokerwise.client.TopologyClient;
import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapWatcher;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Topic;
import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.naming.Context;
import javax.naming.InitialContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code brokerwise up} starts a planned layout as local broker processes that an application reaches through
 * the jndi.properties it writes; {@code brokerwise down} leaves no broker process and no port behind.
 */
@Timeout(240)
class UpDownCommandTest {

    /** The minimal manifest, pinned to an SSR 1x2 layout: two broker processes. */
    static final String SSR = PlanCommandTest.VALID.replace("  workload:",
            "  topology: {mode: Grid, publisherGroups: 1, subscriberGroups: 2}\n  workload:");

    @TempDir
    Path dir;

    /** A failed assertion must not leave brokers running. */
    @AfterEach
    void down() {
        CliRun.of("down", "--dir", dir.resolve("layout").toString());
    }

    @Test
    void upStartsTheLayoutAnApplicationUsesByJndiAndDownLeavesNothing() throws Exception {
        Path layout = dir.resolve("layout");
        int port = freePorts(2);
        CliRun up = CliRun.of("up", "-f", manifest(SSR).toString(), "--dir", layout.toString(), "--port", "" + port);
        assertEquals(0, up.exitCode(), up.err());
        assertTrue(up.out().contains("plan: 1x2, 2 broker(s)"), up.out());
        assertTrue(up.out().contains("starting broker 2/2, cell (0, 1), on 127.0.0.1:" + (port + 1)), up.out());
        RoutingMap map = RoutingMapWatcher.read(layout.resolve("routing.json"));
        assertEquals(RoutingMap.forLocalPorts("minimal", 1, 2, List.of(port, port + 1)), map);
        List<Long> pids = Files.readAllLines(layout.resolve(LocalLayout.PIDS)).stream()
                .map(l -> Long.parseLong(l.split(" ")[0])).toList();
        assertEquals(2, pids.size());

        Properties jndiProperties = new Properties();
        try (Reader in = Files.newBufferedReader(layout.resolve(LocalLayout.JNDI))) {
            jndiProperties.load(in);
        }
        Context jndi = new InitialContext(jndiProperties);
        ConnectionFactory factory = (ConnectionFactory) jndi.lookup("ConnectionFactory");
        Topic topic = (Topic) jndi.lookup("minimal");
        try (JMSContext context = factory.createContext()) {
            JMSConsumer consumer = context.createConsumer(topic, "n = 1");
            context.createProducer().setProperty("n", 2).send(topic, "not for this consumer");
            context.createProducer().setProperty("n", 1).send(topic, "hello");
            assertEquals("hello", consumer.receiveBody(String.class, 10_000));
            assertNull(consumer.receive(300), "the other message does not match the selector");
        }

        CliRun again = CliRun.of("up", "-f", manifest(SSR).toString(), "--dir", layout.toString(), "--port",
                "" + (port + 10));
        assertEquals(Brokerwise.BAD_INPUT, again.exitCode());
        assertTrue(again.err().contains("--dir: a local layout is already up"), again.err());

        CliRun down = CliRun.of("down", "--dir", layout.toString());
        assertEquals(0, down.exitCode(), down.err());
        assertTrue(down.out().contains("down: 2 broker(s) stopped"), down.out());
        for (long pid : pids) {
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "broker " + pid + " runs");
        }
        assertTrue(LocalLayout.free(port) && LocalLayout.free(port + 1), "the ports are free");
        assertFalse(Files.exists(layout.resolve(LocalLayout.PIDS)));
        assertTrue(CliRun.of("down", "--dir", layout.toString()).out().contains("nothing is up"));
    }

    /** The SSR manifest with a queue its consumers keep up with, and one declared before it has consumers. */
    static final String WITH_QUEUES = SSR + """
              queues:
                - {name: work, producers: 2, messageRatePerProducer: 100, consumers: 2}
                - {name: audit, producers: 1, messageRatePerProducer: 10, consumers: 0}
            """;

    @Test
    void upRunsTheQueuesThePlanDeploysAndBindsThemInJndi() throws Exception {
        Path layout = dir.resolve("layout");
        int port = freePorts(2);
        CliRun up = CliRun.of("up", "-f", manifest(WITH_QUEUES).toString(), "--dir", layout.toString(), "--port",
                "" + port);
        assertEquals(0, up.exitCode(), up.err());
        assertTrue(up.out().contains("queue work: 1 replica(s)"), up.out());
        assertTrue(up.out().contains("queue audit: not deployed: ") && up.out().contains("no consumers"), up.out());
        RoutingMap map = RoutingMapWatcher.read(layout.resolve("routing.json"));
        assertEquals(List.of(new QueueRoute("work", List.of(QueueRoute.Replica.at("127.0.0.1:" + port)))),
                map.queues());
        Properties jndi = new Properties();
        try (Reader in = Files.newBufferedReader(layout.resolve(LocalLayout.JNDI))) {
            jndi.load(in);
        }
        assertEquals("work", jndi.getProperty("queue.work"));
        assertNull(jndi.getProperty("queue.audit"), "a queue the plan does not deploy is not bound");
        ClientOptions options = ClientOptions.of(jndi.getProperty("java.naming.security.principal"),
                jndi.getProperty("java.naming.security.credentials"));
        try (TopologyClient client = new TopologyClient(map, options)) {
            BlockingQueue<String> received = new LinkedBlockingQueue<>();
            client.queueReceiver("work", null, m -> received.add("taken"));
            client.queueSender("work", false).send(new Outgoing(new byte[1], Map.of(), null));
            assertEquals("taken", received.poll(10, TimeUnit.SECONDS), "the queue's message is consumed");
        }
    }

    @Test
    void aPortInUseIsNamedAndNothingStarts() throws Exception {
        int port = freePorts(2);
        try (ServerSocket taken = new ServerSocket(port + 1, 1, InetAddress.getLoopbackAddress())) {
            CliRun up = CliRun.of("up", "-f", manifest(SSR).toString(), "--dir", dir.toString(), "--port", "" + port);
            assertEquals(Brokerwise.BAD_INPUT, up.exitCode());
            assertTrue(up.err().contains("--port: port " + (port + 1) + " on 127.0.0.1 is in use"), up.err());
        }
        assertFalse(Files.exists(dir.resolve(LocalLayout.PIDS)), "no broker was started");
    }

    @Test
    void badInputExitsTwoNamingTheField() throws Exception {
        CliRun run = CliRun.of("up", "-f", manifest(SSR.replace("publishers: 100", "publishers: many")).toString(),
                "--dir", dir.toString());
        assertEquals(Brokerwise.BAD_INPUT, run.exitCode());
        assertTrue(run.err().contains("spec.workload.publishers: 'many' is not a whole number"), run.err());
        CliRun none = CliRun.of("up", "-f", manifest(SSR).toString(), "--dir", dir.toString(), "--max-brokers", "0");
        assertEquals(Brokerwise.BAD_INPUT, none.exitCode());
        assertTrue(none.err().contains("--max-brokers: must be at least 1"), none.err());
        assertTrue(CliRun.of("up", "--help").out().contains("brokerwise up -f examples/local-cluster.yaml"));
    }

    private Path manifest(String yaml) throws IOException {
        Path file = Files.createTempFile(dir, "topology", ".yaml");
        Files.writeString(file, yaml);
        return file;
    }

    /** A port p such that p .. p + n - 1 are free now. */
    private static int freePorts(int n) throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int p;
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                p = s.getLocalPort();
            }
            boolean all = p + n - 1 <= 65535;
            for (int i = 1; i < n && all; i++) {
                all = LocalLayout.free(p + i);
            }
            if (all) {
                return p;
            }
        }
        throw new IOException("no " + n + " consecutive free ports");
    }
}
