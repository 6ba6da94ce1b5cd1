package io.brokerwise.measure.delivery;

import io.brokerwise.client.ClientOptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerUsers;
import io.brokerwise.broker.EmbeddedBroker;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapCodec;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The delivery check against real brokers (in this JVM, on loopback, over TCP): on a steady layout every
 * subscriber gets exactly what was published to its selector, and across a routing change (one broker to PSR
 * 2x1, the map file replaced while the load runs) the subscribers still lose nothing.
 */
@Timeout(120)
class DeliveryCheckTest {

    static final String TOPIC = "counted";

    @TempDir
    Path dir;
    final BrokerUsers users = BrokerUsers.generate();
    final BrokerCredentials credentials = users.application();
    final List<EmbeddedBroker> brokers = new ArrayList<>();
    final List<Integer> ports = new ArrayList<>();

    @BeforeEach
    void twoBrokers() throws Exception {
        for (int i = 0; i < 2; i++) {
            int port;
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = s.getLocalPort();
            }
            Path data = dir.resolve("b" + i);
            brokers.add(EmbeddedBroker.start(BrokerConfiguration.forLoopback("b" + i, TOPIC, false, port,
                    data.toString()), users, data));
            ports.add(port);
        }
    }

    @AfterEach
    void stop() throws Exception {
        for (EmbeddedBroker b : brokers) {
            b.close();
        }
    }

    @Test
    void aSteadyLayoutDeliversEveryMessageToExactlyItsSubscribers() throws Exception {
        Path map = write(RoutingMap.forLocalPorts(TOPIC, 2, 1, ports));
        DeliveryReport report = check(map, "200x2s").run(ClientOptions.of(credentials.user(), credentials.password()));

        assertTrue(report.sent() > 0, "sent nothing");
        assertEquals(0, report.sendFailures());
        // 6 subscribers over 3 keys: every message matches 2 of them
        assertEquals(report.sent() * 2, report.subscribers().stream().mapToLong(SubscriberDelivery::expected).sum());
        assertEquals(0, report.lost(), report.line());
        assertEquals(0, report.duplicates(), report.line());
        assertEquals(report, DeliveryReport.fromLog("other output\n" + report.line() + "\n"), "the line reads back");
    }

    @Test
    void aRoutingChangeWhileTheLoadRunsLosesNothingForConnectedSubscribers() throws Exception {
        Path map = write(RoutingMap.forLocalPorts(TOPIC, 1, 1, ports.subList(0, 1)));
        CompletableFuture<DeliveryReport> running = CompletableFuture.supplyAsync(() -> {
            try {
                return check(map, "100x4s").run(ClientOptions.of(credentials.user(), credentials.password()));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(1_500);
        write(RoutingMap.forLocalPorts(TOPIC, 2, 1, ports));
        DeliveryReport report = running.get();

        assertEquals(1, report.routingChanges(), "the check followed the new map");
        assertEquals(0, report.lost(), report.line());
        assertTrue(report.subscribers().stream().allMatch(s -> s.brokers().size() == 2), "subscribers at both brokers");
    }

    @Test
    void aScheduleItCannotReadExitsTwoNamingTheOption() {
        var err = new java.io.StringWriter();
        int code = new CommandLine(new DeliveryCheck()).setErr(new java.io.PrintWriter(err))
                .execute("--schedule", "fast");
        assertEquals(2, code);
        assertTrue(err.toString().contains("--schedule: schedule phase 'fast'"), err.toString());
    }

    private DeliveryCheck check(Path map, String schedule) {
        DeliveryCheck check = new DeliveryCheck();
        new CommandLine(check).parseArgs("--routing-map", map.toString(), "--schedule", schedule,
                "--publishers", "2", "--subscribers", "6", "--keys", "3", "--drain", "2s", "--watch-period", "200ms");
        return check;
    }

    /** Replaces the map file at once, as the kubelet swaps a mounted ConfigMap. */
    private Path write(RoutingMap map) throws Exception {
        Path file = dir.resolve("routing.json");
        Path next = dir.resolve("routing.json.next");
        Files.writeString(next, RoutingMapCodec.toJson(map));
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return file;
    }
}
