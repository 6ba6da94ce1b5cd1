package io.brokerwise.measure.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerUsers;
import io.brokerwise.broker.EmbeddedBroker;
import io.brokerwise.broker.queues.QueueReplicas;
import io.brokerwise.measure.Target;
import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMap;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A saturating load on a queue replicated on two real brokers (in this JVM, joined by their cluster connection):
 * every message sent is counted once at the consumers, the clients spread evenly, each broker's CPU read from its
 * metrics endpoint.
 */
@Timeout(60)
class QueueLoadRunTest {

    @TempDir
    Path dir;

    @Test
    void everyMessageSentIsCountedOnceAndTheClientsSpreadEvenly() throws Exception {
        BrokerUsers users = BrokerUsers.generate();
        List<String> addresses = List.of("127.0.0.1:" + freePort(), "127.0.0.1:" + freePort());
        List<EmbeddedBroker> brokers = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                int port = Integer.parseInt(addresses.get(i).substring(10));
                brokers.add(EmbeddedBroker.start(BrokerConfiguration.forLoopback("b" + i, "t", false, port,
                        dir.resolve("b" + i).toString()).withQueues(new QueueReplicas(List.of("q"), addresses.get(i),
                        List.of(addresses.get(1 - i)))), users, dir.resolve("b" + i)));
            }
            RoutingMap map = RoutingMap.of("t", 2, 1, addresses).withQueues(List.of(new QueueRoute("q",
                    addresses.stream().map(QueueRoute.Replica::at).toList())));
            Target target = new Target(map, users.application(), users.metrics(),
                    brokers.stream().map(EmbeddedBroker::metricsAddress).toList(), List.of());
            QueueLoadResult result = new QueueLoadRun(new QueueLoad(4, 4, false, 64, Duration.ofMillis(300),
                    Duration.ofSeconds(1), Duration.ofMillis(200), QueueLoad.Placement.ELECT_QUEUE,
                    QueueLoad.DEFAULT_WINDOW), System.err)
                    .measure(target);
            assertTrue(result.sent() > 0);
            assertEquals(0, result.lost(), "every message sent was consumed");
            assertEquals(0, result.duplicates());
            assertEquals(result.sent(), result.consumed());
            assertTrue(result.consumedPerSecond() > 0);
            for (QueueLoadResult.Replica r : result.replicas()) {
                assertEquals(2, r.producers(), r.toString());
                assertEquals(2, r.consumers(), r.toString());
                assertTrue(r.brokerCpu() >= 0, "each broker's CPU from its metrics: " + r);
            }
        } finally {
            for (EmbeddedBroker b : brokers) {
                b.close();
            }
        }
    }

    private static int freePort() throws IOException {
        // picked free a moment before its broker binds it: each broker must name the other's port first
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
