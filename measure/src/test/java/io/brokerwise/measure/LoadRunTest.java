package io.brokerwise.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerUsers;
import io.brokerwise.broker.EmbeddedBroker;
import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.measure.contract.BrokerCounts;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.measure.contract.SliceReport;
import io.brokerwise.routing.RoutingMap;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measuring core against real brokers (in this JVM, on loopback, reached over TCP like remote ones): counts
 * exact and equal to what the brokers' metrics endpoints say, in one process, split over two slices, and with the
 * publishers on the connection factory's path.
 */
@Timeout(120)
class LoadRunTest {

    static final String TOPIC = "measured";

    @TempDir
    Path dir;
    final BrokerUsers users = BrokerUsers.generate();
    final BrokerCredentials credentials = users.application();
    final List<EmbeddedBroker> brokers = new ArrayList<>();
    Target target;

    @BeforeEach
    void twoBrokersAsPsr() throws Exception {
        startBrokers(false);
    }

    private void startBrokers(boolean journal) throws Exception {
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Path data = dir.resolve("b" + i + (journal ? "-journal" : ""));
            EmbeddedBroker broker = EmbeddedBroker.start(BrokerConfiguration.forLoopback("b" + i, TOPIC, journal, 0,
                    data.toString()), users, data);
            brokers.add(broker);
            ports.add(broker.acceptorPort());
        }
        RoutingMap map = RoutingMap.forLocalPorts(TOPIC, 2, 1, ports);
        target = new Target(map, credentials, users.metrics(),
                brokers.stream().map(EmbeddedBroker::metricsAddress).toList(), List.of());
    }

    @AfterEach
    void stop() throws Exception {
        for (EmbeddedBroker b : brokers) {
            b.close();
        }
        brokers.clear();
    }

    @Test
    void oneProcessCountsExactlyWhatTheBrokersReport() throws Exception {
        LoadResult result = new LoadRun(load(LoadSpec.Mode.saturate), System.err).measure(target, 2);
        assertTrue(result.countsMatchBrokers(), result.validityProblems().toString());
        assertEquals(result.sentTotal() * 2, result.deliveredTotal(), "r = 2 copies of every message");
        assertEquals(2, result.brokerReported().size());
        assertEquals(result.sentTotal(), result.brokerReported().stream().mapToLong(BrokerCounts::received).sum(),
                "PSR 2x1: each message goes to one broker");
        assertEquals(2, result.brokerCpuUtilization().length, "each broker's CPU from its metrics");
        assertTrue(result.latencyMicros().p50() > 0);
    }

    @Test
    void durableSubscriptionsCountExactlyAndLeaveNothingHeld() throws Exception {
        stop();
        startBrokers(true);
        LoadSpec base = load(LoadSpec.Mode.saturate);
        LoadSpec durable = new LoadSpec(base.publishers(), base.mode(), 0, true, true, base.design(),
                base.messageBytes(), base.warmup(), base.measure(), base.cooldown(), base.maxMessagesPerPublisher(),
                base.seed());
        LoadResult result = new LoadRun(durable, System.err).measure(target, 2);
        assertTrue(result.countsMatchBrokers(), result.validityProblems().toString());
        assertEquals(result.sentTotal() * 2, result.deliveredTotal(), "r = 2 copies of every persistent message");
        for (BrokerSample after : target.scrape()) {
            assertEquals(BrokerSample.Held.NOTHING, after.held(), "the point's durable subscriptions are removed");
        }
    }

    @Test
    void publishingThroughTheConnectionFactoryCountsTheSame() throws Exception {
        LoadResult result = new LoadRun(load(LoadSpec.Mode.saturate), System.err, PublishingPath.factory)
                .measure(target, 2);
        assertTrue(result.sentTotal() > 0);
        assertTrue(result.countsMatchBrokers(), result.validityProblems().toString());
        assertEquals(result.sentTotal() * 2, result.deliveredTotal(), "r = 2 copies of every message, by selector");
        assertEquals(result.sentTotal(), result.brokerReported().stream().mapToLong(BrokerCounts::received).sum(),
                "the factory's producers follow the routing map: PSR 2x1 sends each message to one broker");
        assertTrue(result.latencyMicros().p50() > 0, "the factory's messages carry the send stamp");
    }

    @Test
    void twoSlicesCombineIntoExactCounts() throws Exception {
        LoadSpec spec = load(LoadSpec.Mode.rate).poissonAt(300);
        long start = Measurement.now() + 2_000_000_000L;
        CompletableFuture<LoadResult> second = CompletableFuture.supplyAsync(() -> measure(spec, 1, start));
        LoadResult first = measure(spec, 0, start);
        LoadResult combined = LoadResult.combine(List.of(first, second.join()));
        assertEquals(2, first.brokerReported().size(), "slice 0 reads the brokers");
        assertTrue(second.join().brokerReported().isEmpty(), "slice 1 does not");
        assertTrue(combined.countsMatchBrokers(), combined.validityProblems().toString());
        assertEquals(combined.sentTotal() * spec.design().r(), combined.deliveredTotal());
        assertEquals(first.sentTotal() + second.join().sentTotal(), combined.sentTotal());
        assertTrue(combined.latencyMicros().p99() >= first.latencyMicros().p99(), "an upper bound");
    }

    /** A measured result survives the report's JSON (the plan's JSON: the contract module's BenchmarkPlanTest). */
    @Test
    void aRunsReportSurvivesItsJson() throws Exception {
        LoadResult result = new LoadRun(load(LoadSpec.Mode.saturate), System.err).measure(target, 2);
        SliceReport read = SliceReport.parse(new SliceReport(1, List.of(result)).json());
        assertEquals(1, read.slice());
        assertEquals(result.sentTotal(), read.points().get(0).sentTotal());
        assertEquals(result.brokerReported(), read.points().get(0).brokerReported());
        assertEquals(result.spec(), read.points().get(0).spec(), "the load as measured");
        assertEquals(result.latencyMicros(), read.points().get(0).latencyMicros());
    }

    private LoadResult measure(LoadSpec spec, int slice, long start) {
        try {
            return new LoadRun(spec, System.err).measure(target, new ClientSlice(slice, 2), start, 2);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static LoadSpec load(LoadSpec.Mode mode) {
        return new LoadSpec(4, mode, mode == LoadSpec.Mode.rate ? 100 : 0, false, false,
                new SelectorDesign(2, 3, SelectorDesign.Kind.property, SelectorDesign.Shape.and, 2), 64,
                Duration.ofMillis(300), Duration.ofSeconds(1), Duration.ofMillis(400), 20_000, 3);
    }
}
