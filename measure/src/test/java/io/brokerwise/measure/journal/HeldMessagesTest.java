package io.brokerwise.measure.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerUsers;
import io.brokerwise.broker.EmbeddedBroker;
import io.brokerwise.client.ClientOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hold check against a real broker with a journal, restarted on the same directory and port while messages wait
 * on it: the count finds every message, and the ones delivered and not acknowledged flagged. The cluster tier kills
 * a broker pod instead, which is the case that matters; here the check's counting is what is tested.
 */
@Timeout(120)
class HeldMessagesTest {

    private static final String TOPIC = "orders";

    @TempDir
    Path dir;

    @Test
    void everyHeldMessageComesBackAfterARestartAndTheDeliveredOnesFlagged() throws Exception {
        BrokerUsers users = BrokerUsers.generate();
        EmbeddedBroker first = EmbeddedBroker.start(BrokerConfiguration.forLoopback("b0", TOPIC, true, 0,
                dir.toString()), users, dir);
        int port = first.acceptorPort();
        ClientOptions options = ClientOptions.of(users.application().user(), users.application().password());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream console = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        CompletableFuture<HeldMessages.Report> report;
        try {
            report = CompletableFuture.supplyAsync(() -> run(options, port));
            awaitHeld(out);
        } finally {
            System.setOut(console);
        }
        first.close();
        try (EmbeddedBroker again = EmbeddedBroker.start(BrokerConfiguration.forLoopback("b0", TOPIC, true, port,
                dir.toString()), users, dir)) {
            HeldMessages.Report counted = report.get(90, TimeUnit.SECONDS);
            System.out.println(counted.line());
            assertEquals(new HeldMessages.Report(500, 500, 0, 0, 0, 10, 10), counted);
            assertTrue(counted.kept());
        }
    }

    private static HeldMessages.Report run(ClientOptions options, int port) {
        try {
            return new HeldMessages(options.urlWithoutReconnection("127.0.0.1:" + port), TOPIC, options, 64,
                    Duration.ofSeconds(60)).run(500, 10);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void awaitHeld(ByteArrayOutputStream out) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!out.toString(StandardCharsets.UTF_8).contains(HeldMessages.HELD)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the check never held its messages: " + out);
            }
            Thread.sleep(50);
        }
    }
}
