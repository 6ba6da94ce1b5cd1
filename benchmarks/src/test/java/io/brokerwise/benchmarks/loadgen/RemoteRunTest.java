package io.brokerwise.benchmarks.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.EmbeddedBroker;
import io.brokerwise.routing.RoutingMap;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load generator measures brokers it did not start, named by a routing map (as a benchmark Job will
 * a topology's pods): counts still match the brokers', and in saturate mode the unknown broker CPU is flagged,
 * not guessed.
 */
@Timeout(120)
class RemoteRunTest {

    @TempDir
    Path dir;

    @Test
    void brokersOfARoutingMapAreMeasuredAndTheirCpuFlaggedUnknown() throws Exception {
        BrokerCredentials credentials = BrokerCredentials.generate();
        List<EmbeddedBroker> brokers = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                int port;
                try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                    port = s.getLocalPort();
                }
                Path data = dir.resolve("b" + i);
                brokers.add(EmbeddedBroker.start(BrokerConfiguration.forLoopback("b" + i, LocalFleet.TOPIC, false, port,
                        data.toString()), credentials, data));
                ports.add(port);
            }
            RoutingMap map = RoutingMap.forLocalPorts(LocalFleet.TOPIC, 2, 1, ports);
            BrokerNode remote = new BrokerNode(0, Duration.ofMillis(100), null, "256m");
            LoadSpec spec = new LoadSpec(2, 1, remote, 2, LoadSpec.Mode.saturate, 0, false,
                    new SelectorDesign(2, 1, SelectorDesign.Kind.property, SelectorDesign.Shape.and, 2), 64,
                    Duration.ofMillis(300), Duration.ofSeconds(1), Duration.ofMillis(200), 20_000, 3);
            LoadResult result = new LoadRun(spec, dir, System.err).measureRemote(map, credentials);
            assertTrue(result.countsMatchBrokers(), result.validityProblems().toString());
            assertEquals(result.sentTotal() * 2, result.deliveredTotal());
            assertFalse(result.valid());
            assertTrue(result.validityProblems().stream().anyMatch(p -> p.contains("CPU is unknown")));
        } finally {
            for (EmbeddedBroker b : brokers) {
                b.close();
            }
        }
    }
}
