package io.brokerwise.measure.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerUsers;
import io.brokerwise.broker.EmbeddedBroker;
import io.brokerwise.client.ClientOptions;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.Queue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine;

/**
 * The delivery check against real brokers (in this JVM, on loopback, over TCP, with journals): on a steady layout
 * every subscriber gets exactly what was published to its selector, and across a routing change (one broker to PSR
 * 2x1, the map file replaced while the load runs) the subscribers still lose nothing; over two topics, one of them
 * persistent with durable subscribers, a change of l moves the durable subscriptions without loss or duplicate.
 */
@Timeout(120)
class DeliveryCheckTest {

    static final String TOPIC = "counted";
    static final String DURABLE_TOPIC = "orders";

    @TempDir
    Path dir;
    final BrokerUsers users = BrokerUsers.generate();
    final BrokerCredentials credentials = users.application();
    final List<EmbeddedBroker> brokers = new ArrayList<>();
    final List<Integer> ports = new ArrayList<>();

    @BeforeEach
    void twoBrokers() throws Exception {
        for (int i = 0; i < 2; i++) {
            Path data = dir.resolve("b" + i);
            EmbeddedBroker broker = EmbeddedBroker.start(BrokerConfiguration.forLoopback("b" + i, TOPIC, true, 0,
                    data.toString()).withTopics(List.of(TOPIC, DURABLE_TOPIC)), users, data);
            brokers.add(broker);
            ports.add(broker.acceptorPort());
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

    /**
     * The map changes once the load has sent 100 messages, and the load ends, through the control file, once every
     * subscriber has received from every publisher a message sent after the change: the change falls inside the
     * load, whatever the machine's speed. The schedule only bounds it.
     */
    @Test
    void aRoutingChangeWhileTheLoadRunsLosesNothingForConnectedSubscribers() throws Exception {
        Path map = write(RoutingMap.forLocalPorts(TOPIC, 1, 1, ports.subList(0, 1)));
        Path control = dir.resolve("control");
        BlockingQueue<DeliveryProgress> progress = new LinkedBlockingQueue<>();
        DeliveryCheck check = check(map, "100x90s", "--control", control.toString(), "--progress-period", "100ms");
        check.progress = progress::add;
        CompletableFuture<DeliveryReport> running = runInBackground(check);
        await(progress, p -> p.sent() >= 100);
        long changed = System.currentTimeMillis();
        write(RoutingMap.forLocalPorts(TOPIC, 2, 1, ports));
        await(progress, p -> p.caughtUpMillis() > changed);
        Files.writeString(control, "stop");
        DeliveryReport report = running.get();

        assertEquals(1, report.routingChanges(), "the check followed the new map");
        assertEquals(0, report.lost(), report.line());
        assertTrue(report.sentBetween(report.startMillis(), changed) > 0, "the load ran before the change: " + report);
        assertTrue(report.subscribers().stream().allMatch(s -> s.brokers().size() == 2), "subscribers at both brokers");
        assertTrue(report.sent() < 100 * 90, "the control file ended the load before its schedule did");
    }

    /**
     * Two topics, the second persistent with a durable subscription per subscriber, on one broker, then SSR 1x2 while
     * the load runs: the durable subscribers whose key picks the new column register there, drain the first broker
     * and leave it. Each subscriber gets exactly its topic's messages of its key, none lost, and a durable one none
     * twice; the check removes its durable subscriptions as it ends.
     */
    @Test
    void twoTopicsWithDurableSubscribersAcrossAChangeOfL() throws Exception {
        RoutingMap one = RoutingMap.forLocalPorts(TOPIC, 1, 1, ports.subList(0, 1))
                .withTopics(List.of(TOPIC, DURABLE_TOPIC));
        Path map = write(one);
        Path control = dir.resolve("control");
        BlockingQueue<DeliveryProgress> progress = new LinkedBlockingQueue<>();
        DeliveryCheck check = check(map, "100x90s", "--subscribers", "12", "--durable-topic", DURABLE_TOPIC,
                "--control", control.toString(), "--progress-period", "100ms");
        check.progress = progress::add;
        CompletableFuture<DeliveryReport> running = runInBackground(check);
        await(progress, p -> p.sent() >= 100);
        long changed = System.currentTimeMillis();
        write(one.movedTo(1, 2, ports.stream().map(p -> "127.0.0.1:" + p).toList()));
        await(progress, p -> p.caughtUpMillis() > changed);
        Files.writeString(control, "stop");
        DeliveryReport report = running.get();

        assertEquals(1, report.routingChanges(), "the check followed the new map");
        assertEquals(report.sent(), report.subscribers().stream().mapToLong(SubscriberDelivery::expected).sum() / 2,
                "12 subscribers, 3 keys, 2 topics: each message matches 2 subscribers of its topic");
        List<SubscriberDelivery> durable = report.subscribers().stream().filter(SubscriberDelivery::durable).toList();
        assertEquals(6, durable.size(), report.line());
        assertTrue(durable.stream().allMatch(d -> d.topic().equals(DURABLE_TOPIC)), report.line());
        assertTrue(durable.stream().anyMatch(d -> d.group() == 1), "a durable subscription moved: " + report.line());
        assertEquals(0, report.lost(), report.line());
        // a non-persistent message may arrive twice within a move (docs/persistence.md, Duplicates); a durable
        // subscriber's may not
        assertEquals(0, durable.stream().mapToLong(SubscriberDelivery::duplicates).sum(), report.line());
        for (EmbeddedBroker b : brokers) {
            assertEquals(0, b.server().getPostOffice().listQueuesForAddress(SimpleString.of(DURABLE_TOPIC)).stream()
                    .filter(Queue::isDurable).count(), "the check removed its durable subscriptions");
        }
    }

    @Test
    void aTopicTheMapLacksOrOneWithoutAPublisherIsRefusedNamingTheOption() throws Exception {
        Path map = write(RoutingMap.forLocalPorts(TOPIC, 1, 1, ports.subList(0, 1)));
        ParameterException refused = assertThrows(ParameterException.class, () -> check(map, "10x1s", "--topics",
                "nowhere").run(ClientOptions.of(credentials.user(), credentials.password())));
        assertTrue(refused.getMessage().startsWith("--topics: 'nowhere' is not a topic of the routing map"),
                refused.getMessage());
        Path two = write(RoutingMap.forLocalPorts(TOPIC, 1, 1, ports.subList(0, 1))
                .withTopics(List.of(TOPIC, DURABLE_TOPIC)));
        ParameterException unloaded = assertThrows(ParameterException.class, () -> check(two, "10x1s", "--publishers",
                "1").run(ClientOptions.of(credentials.user(), credentials.password())));
        assertTrue(unloaded.getMessage().startsWith("--publishers: 1 cannot load the 2 topics"), unloaded.getMessage());
    }

    /**
     * A schedule's phases moved on through the control file: the second phase starts when the file says so, long
     * before the first phase's length, and the report says when each phase started.
     */
    @Test
    void theControlFileMovesTheScheduleOnAndStopsIt() throws Exception {
        Path map = write(RoutingMap.forLocalPorts(TOPIC, 1, 1, ports.subList(0, 1)));
        Path control = dir.resolve("control");
        BlockingQueue<DeliveryProgress> progress = new LinkedBlockingQueue<>();
        DeliveryCheck check = check(map, "20x90s,200x90s", "--control", control.toString(), "--progress-period",
                "100ms");
        check.progress = progress::add;
        CompletableFuture<DeliveryReport> running = runInBackground(check);
        long low = await(progress, p -> p.sent() >= 10).sent();
        Files.writeString(control, "phase 1");
        await(progress, p -> p.sent() >= low + 200);
        Files.writeString(control, "stop");
        DeliveryReport report = running.get();

        assertEquals(2, report.phaseStarts().size(), "both phases started: " + report.phaseStarts());
        assertTrue(report.phaseStarts().get(1) - report.startMillis() < 90_000, "the second phase started early");
        assertEquals(report.sent(), report.sentBetween(0, Long.MAX_VALUE), "every send in the timeline");
        assertEquals(0, report.lost(), report.line());
    }

    @Test
    void aScheduleItCannotReadExitsTwoNamingTheOption() {
        var err = new java.io.StringWriter();
        int code = new CommandLine(new DeliveryCheck()).setErr(new java.io.PrintWriter(err))
                .execute("--schedule", "fast");
        assertEquals(2, code);
        assertTrue(err.toString().contains("--schedule: schedule phase 'fast'"), err.toString());
    }

    private DeliveryCheck check(Path map, String schedule, String... more) {
        DeliveryCheck check = new DeliveryCheck();
        List<String> args = new ArrayList<>(List.of("--routing-map", map.toString(), "--schedule", schedule,
                "--publishers", "2", "--subscribers", "6", "--keys", "3", "--drain", "2s", "--watch-period", "200ms"));
        args.addAll(List.of(more));
        // a case's own options after these defaults replace them
        new CommandLine(check).setOverwrittenOptionsAllowed(true).parseArgs(args.toArray(String[]::new));
        return check;
    }

    private CompletableFuture<DeliveryReport> runInBackground(DeliveryCheck check) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return check.run(ClientOptions.of(credentials.user(), credentials.password()));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** The first progress that {@code reached} accepts; fails after a minute without one. */
    private static DeliveryProgress await(BlockingQueue<DeliveryProgress> progress, Predicate<DeliveryProgress> reached)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        for (DeliveryProgress p; (p = progress.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) != null; ) {
            if (reached.test(p)) {
                return p;
            }
        }
        throw new AssertionError("the delivery check's progress never got there");
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
