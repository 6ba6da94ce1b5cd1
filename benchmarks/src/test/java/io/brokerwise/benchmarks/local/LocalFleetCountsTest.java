package io.brokerwise.benchmarks.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brokerwise.benchmarks.report.JsonResult;
import io.brokerwise.measure.contract.BrokerCounts;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.measure.SubscriptionRegistration;
import io.brokerwise.model.topology.Layout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Short runs on real broker processes, each in a CPU-quota cgroup (a machine without a writable cgroup v1 cpu
 * controller runs them without one, and the tests then end as skipped, saying so, after their counts): the load
 * generator's counts equal what the brokers count (their metrics endpoints, read as the metrics user), a
 * measurement returns with none of its subscriptions left on the brokers, and every broker process and cgroup is
 * gone afterwards. Asserts counts, never rates or times.
 */
@Timeout(300)
class LocalFleetCountsTest {

    private static final BrokerNode HALF_CORE = new BrokerNode(0.5, Duration.ofMillis(100), null, "256m", Duration.ZERO);

    @TempDir
    Path dir;

    @Test
    void saturatedRunCountsMatchTheBroker() throws Exception {
        LoadSpec spec = new LoadSpec(1, LoadSpec.Mode.saturate, 0, false, false,
                new SelectorDesign(2, 3, SelectorDesign.Kind.property, SelectorDesign.Shape.simple, 1), 100,
                Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofMillis(500), 200_000, 1);
        assertCountsMatchAndNothingLeft(spec, new Layout(1, 1), HALF_CORE);
    }

    @Test
    void poissonRunOnTwoColumnsWithComplexCorrelationFiltersCountsMatch() throws Exception {
        BrokerNode shortPeriod = new BrokerNode(0.5, Duration.ofMillis(20), null, "256m", Duration.ZERO);
        LoadSpec spec = new LoadSpec(2, LoadSpec.Mode.rate, 200, true, false,
                new SelectorDesign(1, 2, SelectorDesign.Kind.correlation, SelectorDesign.Shape.or, 3), 100,
                Duration.ofMillis(500), Duration.ofSeconds(2), Duration.ofMillis(500), 2_000, 7);
        LoadResult result = assertCountsMatchAndNothingLeft(spec, new Layout(1, 2), shortPeriod);
        assertTrue(result.latencyCorrectedForCoordinatedOmission());
        assertEquals(2, result.brokerReported().size());
    }

    @Test
    void runWithoutSelectorsDeliversEveryMessageToEverySubscriber() throws Exception {
        LoadSpec spec = new LoadSpec(1, LoadSpec.Mode.saturate, 0, false, false,
                new SelectorDesign(2, 0, SelectorDesign.Kind.property, SelectorDesign.Shape.none, 1), 100,
                Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofMillis(500), 200_000, 1);
        assertCountsMatchAndNothingLeft(spec, new Layout(1, 1), HALF_CORE);
    }

    private LoadResult assertCountsMatchAndNothingLeft(LoadSpec spec, Layout layout, BrokerNode node) throws Exception {
        boolean quotas = CpuQuotaGroup.available();
        LoadResult result;
        try (LocalFleet fleet = LocalFleet.start(Math.toIntExact(layout.brokers()), node, spec.persistent(), dir,
                System.err)) {
            for (int i = 0; quotas && i < fleet.size(); i++) {
                assertInItsQuotaGroup(fleet.broker(i), node);
            }
            result = fleet.measure(spec, layout);
            assertEquals(0, SubscriptionRegistration.subscriptions(fleet.target(layout)),
                    "the run's subscriber queues are removed before the next measurement could start");
        }
        System.err.println(JsonResult.text(result));
        assertTrue(result.sentTotal() > 0, "something was sent");
        assertEquals(result.sentTotal() * spec.design().r(), result.deliveredTotal(), "each message reached r subscribers");
        long received = result.brokerReported().stream().mapToLong(BrokerCounts::received).sum();
        long dispatched = result.brokerReported().stream().mapToLong(BrokerCounts::dispatched).sum();
        assertEquals(result.copiesSentTotal(), received, "brokers received every copy sent");
        assertEquals(result.deliveredTotal(), dispatched, "brokers dispatched every copy delivered");
        assertTrue(result.countsMatchBrokers());
        assertEquals(0, ProcessHandle.current().children().count(), "no broker process outlives the run");
        assumeTrue(quotas, "no writable cgroup v1 cpu controller at " + CpuQuotaGroup.ROOT + ": the brokers ran "
                + "without a CPU quota, so there were no cgroups to check (the counts above were checked)");
        try (Stream<Path> groups = Files.list(CpuQuotaGroup.ROOT)) {
            String mine = CpuQuotaGroup.PREFIX + ProcessHandle.current().pid() + "-";
            assertEquals(0, groups.filter(g -> g.getFileName().toString().startsWith(mine)).count(),
                    "every cgroup removed");
        }
        return result;
    }

    /** The broker's JVM runs in a cgroup of this load generator's that holds the node's CPU quota. */
    private static void assertInItsQuotaGroup(LocalBroker broker, BrokerNode node) throws IOException {
        assertNotNull(broker.group, broker.address + " runs in a CPU quota group");
        assertTrue(broker.group.dir.getFileName().toString().startsWith(CpuQuotaGroup.PREFIX
                + ProcessHandle.current().pid() + "-"), broker.group.dir.toString());
        assertEquals(Math.round(node.cores() * node.periodMicros()), broker.group.quotaMicros(), "its quota");
        assertTrue(Files.readAllLines(broker.group.dir.resolve("cgroup.procs")).contains(Long.toString(
                broker.process.pid())), "broker pid " + broker.process.pid() + " in " + broker.group.dir);
    }
}
