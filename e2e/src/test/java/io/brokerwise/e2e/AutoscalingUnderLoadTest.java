package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.brokerwise.measure.delivery.DeliveryReport;
import io.brokerwise.model.Durations;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Autoscaling following a counted load on real brokers: examples/autoscaling.yaml, declared at what the delivery
 * check's clients are (4 publishers, 8 subscribers, each message matching 2 of them) and at 40 msgs/s, plans one
 * broker. Its scale-up cap is lowered to 0.1, so that a load the node carries beside its brokers (420 msgs/s, 0.12
 * of one broker by the pod profile) passes it and two brokers (PSR 2x1 at 0.06, or SSR 1x2 at 0.085) do not.
 * <ol>
 *   <li>Mode Off, under that load: nothing is read, nothing changes.</li>
 *   <li>Mode Recommend, the same load: the proposal is two brokers, and nothing is applied.</li>
 *   <li>Mode Auto, the same load: the layout grows to the proposal; then the load falls to 50 msgs/s, and once the
 *       inhibition delay is over the layout shrinks back. One counted load runs through all three modes: every
 *       subscriber receives everything published to its selector across both changes ({@link CountedLoad}).</li>
 * </ol>
 * It prints the reaction times and every window's observed load against what the check sent in it; it never asserts
 * a time.
 */
@LocalClusterTest
@Order(14)
@ResourceLock(ClusterResources.NODE_SLOT_A)
class AutoscalingUnderLoadTest {

    static final String WINDOW = "10s";
    static final String DELAY = "30s";
    static final int LOW = 50;
    static final int HIGH = 420;
    /**
     * One load through all three modes: past the cap while Off and Recommend are watched and until Auto has grown
     * the layout (a window, a broker Ready and a routing map the kubelet re-mounts within its 10 s sync period), then
     * low until, past the inhibition delay, it has shrunk. The test moves the load on; the lengths only bound it.
     */
    static final String SCHEDULE = HIGH + "x900s," + LOW + "x600s";
    /**
     * The layouts autoscaling may choose from: {@code Auto} (the planner's choice, PSR 2x1 here) in the cluster tier;
     * {@code -De2e.autoscaling.layouts=SSR} grows a subscriber column instead (SSR 1x2), to measure what that moves.
     */
    static final String LAYOUTS = System.getProperty("e2e.autoscaling.layouts", "Auto");
    static final int GROWN_ROWS = "SSR".equals(LAYOUTS) ? 1 : 2;
    static final int GROWN_COLUMNS = "SSR".equals(LAYOUTS) ? 2 : 1;
    static final String GROWN = GROWN_ROWS + "x" + GROWN_COLUMNS;

    @Test
    void offChangesNothingRecommendProposesAndAutoGrowsAndShrinksLosingNothing(KubernetesClient k8s)
            throws Exception {
        OperatorInstall.ensure(k8s);
        String name = Topologies.name(topology("\"Off\""));
        String ns = Pods.createNamespace(k8s, "bw-e2e-autoscaling");
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        try {
            Topologies.apply(k8s, ns, topology("\"Off\""));
            Topologies.await(k8s, ns, name, "Ready", "True", "are Ready", 4);
            assertEquals(1, Topologies.plannedBrokers(k8s, ns, name), "the declared workload needs one broker");
            // written by the sampler's thread, read at the end
            NavigableMap<Instant, Map<String, Object>> windows = new ConcurrentSkipListMap<>();
            sampler.scheduleWithFixedDelay(() -> {
                try {
                    observed(k8s, ns, name).ifPresent(o -> windows.put(Instant.parse((String) o.get("time")), o));
                } catch (KubernetesClientException e) {
                    // a read the API server did not answer: the next one, 2 s later, finds the same window
                }
            }, 0, 2, TimeUnit.SECONDS);
            CountedLoad load = CountedLoad.start(k8s, ns, name, "autoscaling", SCHEDULE).run(List.of(
                    l -> offAndRecommend(l, k8s, ns, name),
                    l -> grow(l, k8s, ns, name),
                    l -> shrink(l, k8s, ns, name)));
            var report = load.finish();
            printWindows(windows, report);
            k8s.apps().statefulSets().inNamespace(ns).withName(name + "-broker").waitUntilCondition(
                    s -> s.getSpec().getReplicas() == 1, 3, TimeUnit.MINUTES);
        } finally {
            sampler.shutdownNow();
            Topologies.deleteNamespace(k8s, ns);
        }
    }

    /** Modes Off, then Recommend, under a load past the cap: nothing is applied, and Recommend proposes. */
    private static Disruption offAndRecommend(CountedLoad load, KubernetesClient k8s, String ns, String name) {
        long from = System.currentTimeMillis();
        // two windows and more of a load Auto would grow for, counted in sends so a slow load lengthens it
        long sent = load.sent();
        long windowSends = (long) (HIGH * Durations.parse(WINDOW).multipliedBy(2).plusSeconds(10).toSeconds());
        load.check.awaitProgress(windowSends + " sends in mode Off", Duration.ofMinutes(3),
                p -> p.sent() >= sent + windowSends);
        assertNull(autoscaling(k8s, ns, name), "mode Off reads nothing and reports nothing");
        assertOneBroker(k8s, ns, name, "mode Off");

        Topologies.apply(k8s, ns, topology("Recommend"));
        Map<String, Object> proposal = awaitAutoscaling(k8s, ns, name, "a proposal to grow", a ->
                a.get("recommendation") instanceof Map<?, ?> r && "Overloaded".equals(r.get("reason")));
        @SuppressWarnings("unchecked")
        var recommendation = (Map<String, Object>) proposal.get("recommendation");
        System.out.println("AUTOSCALE Recommend proposed: " + recommendation);
        assertEquals("1x1", recommendation.get("from"));
        assertEquals(GROWN, recommendation.get("to"), "the smallest layout under 0.1 at " + HIGH + " msgs/s");
        assertNull(proposal.get("lastScaling"), "mode Recommend applies nothing");
        assertOneBroker(k8s, ns, name, "mode Recommend");
        return Disruption.unharmful("modes Off, then Recommend, at " + HIGH + " msgs/s", from,
                System.currentTimeMillis());
    }

    /** Mode Auto under the load past the cap, until the layout has grown and the clients followed it. */
    private static Disruption grow(CountedLoad load, KubernetesClient k8s, String ns, String name)
            throws InterruptedException {
        Topologies.apply(k8s, ns, topology("Auto"));
        long crossed = System.currentTimeMillis();
        Topologies.awaitRoutedBrokers(k8s, ns, name, 2);
        long routed = System.currentTimeMillis();
        var grow = Disruption.move("1x1 -> " + GROWN, crossed,
                load.check.awaitMoveTo(GROWN_ROWS, GROWN_COLUMNS, crossed, Duration.ofMinutes(4)));
        Map<String, Object> grown = autoscaling(k8s, ns, name);
        System.out.println("AUTOSCALE grew: " + grown.get("lastScaling"));
        assertEquals(GROWN, grown.get("layout"), "Auto applies what Recommend proposed");
        System.out.printf("AUTOSCALE reaction, from mode Auto under a load past the cap: routed to 2 Ready brokers after %.1f s,"
                + " clients moved after %.1f s%n", (routed - crossed) / 1e3, grow.seconds());
        return grow;
    }

    /** The load lowered until, past the inhibition delay, the layout has shrunk and the clients followed it. */
    private static Disruption shrink(CountedLoad load, KubernetesClient k8s, String ns, String name)
            throws InterruptedException {
        Object grownBy = autoscaling(k8s, ns, name).get("lastScaling");
        load.check.control("phase 1");
        long dropped = System.currentTimeMillis();
        awaitAutoscaling(k8s, ns, name, "a shrink", a -> "1x1".equals(a.get("layout")));
        Topologies.awaitRoutedBrokers(k8s, ns, name, 1);
        long routed = System.currentTimeMillis();
        var shrink = Disruption.move(GROWN + " -> 1x1", dropped, load.check.awaitMoveTo(1, 1, dropped, Duration.ofMinutes(5)));
        assertNotEquals(grownBy, autoscaling(k8s, ns, name).get("lastScaling"));
        System.out.printf("AUTOSCALE reaction, from the load falling: routed to 1 after %.1f s, clients moved after "
                + "%.1f s%n", (routed - dropped) / 1e3, shrink.seconds());
        return shrink;
    }

    /**
     * examples/autoscaling.yaml with the delivery check's workload, the pod profile, the layouts of
     * {@link #LAYOUTS}, at most two brokers, a short window and delay, and a cap the check's load passes.
     */
    static String topology(String mode) {
        String example = Topologies.manifest("examples/autoscaling.yaml");
        String yaml = Topologies.replace(example, "publishers: 20", "publishers: 4");
        yaml = Topologies.replace(yaml, "messageRatePerPublisher: 50", "messageRatePerPublisher: 10");
        yaml = Topologies.replace(yaml, "subscribers: 100", "subscribers: 8");
        yaml = Topologies.replace(yaml, "mean: 10", "mean: 2");
        yaml = Topologies.replace(yaml, "name: artemis-2.56-quartercore-nonpersistent",
                "name: artemis-2.56-pod-quartercore-nonpersistent");
        yaml = Topologies.replace(yaml, "  topology:\n    mode: Auto", "  topology:\n    mode: " + LAYOUTS);
        yaml = Topologies.replace(yaml, "    mode: Auto\n    maxBrokers: 4\n    window: 60s\n    inhibitionDelay: 300s",
                "    mode: " + mode + "\n    maxBrokers: 2\n    window: " + WINDOW + "\n    inhibitionDelay: " + DELAY
                        + "\n    scaleUpUtilization: 0.1");
        return yaml;
    }

    private static void assertOneBroker(KubernetesClient k8s, String ns, String name, String mode) {
        assertEquals(1, Topologies.routedOrdinals(k8s, ns, name).size(), mode + " changed the routing map");
        assertEquals(1, (int) k8s.apps().statefulSets().inNamespace(ns).withName(name + "-broker").get().getSpec()
                .getReplicas(), mode + " changed the brokers");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> autoscaling(KubernetesClient k8s, String ns, String name) {
        return Topologies.status(Topologies.get(k8s, ns, name).get())
                .map(s -> (Map<String, Object>) s.get("autoscaling")).orElse(null);
    }

    @SuppressWarnings("unchecked")
    private static Optional<Map<String, Object>> observed(KubernetesClient k8s, String ns, String name) {
        return Optional.ofNullable(autoscaling(k8s, ns, name))
                .map(a -> (Map<String, Object>) a.get("observed"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> awaitAutoscaling(KubernetesClient k8s, String ns, String name, String what,
                                                        Predicate<Map<String, Object>> done) {
        Function<GenericKubernetesResource, Optional<Map<String, Object>>> reached = t -> Topologies.status(t)
                .map(s -> (Map<String, Object>) s.get("autoscaling")).filter(done);
        try {
            return reached.apply(Topologies.get(k8s, ns, name).waitUntilCondition(
                    t -> reached.apply(t).isPresent(), 5, TimeUnit.MINUTES)).orElseThrow();
        } catch (KubernetesClientTimeoutException e) {
            throw new AssertionError("no " + what + " in status.autoscaling: " + autoscaling(k8s, ns, name), e);
        }
    }

    /** Each window's observed rate against the rate the check's load offered over that window. */
    private static void printWindows(Map<Instant, Map<String, Object>> windows, DeliveryReport report) {
        assertFalse(windows.isEmpty(), "no window was observed");
        for (var w : windows.entrySet()) {
            Duration length = Durations.parse((String) w.getValue().get("window"));
            long from = w.getKey().minus(length).toEpochMilli();
            double offered = report.sentPerSecondBetween(from, w.getKey().toEpochMilli());
            double observedRate = ((Number) w.getValue().get("offeredRate")).doubleValue();
            System.out.printf("AUTOSCALE window ending %s (%s, layout %s): observed %.1f msgs/s, %s publishers, %s "
                    + "subscribers, E[R] %s; the check sent %.1f msgs/s: error %+.1f%%%n", w.getKey(), length,
                    w.getValue().get("layout"), observedRate, w.getValue().get("publishers"),
                    w.getValue().get("subscribers"), w.getValue().get("meanReplicationGrade"), offered,
                    offered > 0 ? 100 * (observedRate - offered) / offered : Double.NaN);
        }
    }
}
