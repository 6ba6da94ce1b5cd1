package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.measure.delivery.DeliveryReport;
import io.brokerwise.measure.delivery.MessageSpan;
import io.brokerwise.measure.delivery.SubscriberDelivery;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Faults under a counted load (the benchmark image's delivery check, through the client library) on a 2 x 2
 * grid of real brokers on the real node, one fault at a time: a broker pod killed, the operator killed, every broker
 * of the node lost at once, the API server restarted. Non-durable subscriptions lose what their down brokers
 * missed, by design; everything else must arrive: a subscriber whose brokers stayed up loses nothing, one whose
 * brokers went down loses nothing sent outside the outage (from the fault until its brokers are back and its
 * clients reconnected), and nothing arrives twice. Prints each fault's figures; asserts no duration.
 */
@LocalClusterTest
@Order(12)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultsUnderLoadTest {

    /** 40 messages/s over 4 publishers for 90 s: light, so the node's CPU is not what the test measures. */
    static final String SCHEDULE = "40x90s";
    /**
     * How long after the victim is Ready again its clients may still be reconnecting: the JVM caches the old pod's
     * address for up to 30 s, an attempt at it gives up after 3 s, and attempts are at most 5 s apart.
     */
    static final Duration RECONNECT = Duration.ofSeconds(45);

    static String ns;
    static String topology;

    @BeforeAll
    static void grid(KubernetesClient k8s) {
        OperatorInstall.ensure(k8s);
        topology = Topologies.name(gridManifest());
        ns = Pods.createNamespace(k8s, "bw-e2e-faults");
        Topologies.apply(k8s, ns, gridManifest());
        Topologies.await(k8s, ns, topology, "Ready", "True", "are Ready", 4);
    }

    /** examples/local-cluster.yaml as a 2 x 2 grid: two columns, so a broker's loss leaves one whole. */
    static String gridManifest() {
        return Topologies.manifest("examples/local-cluster.yaml")
                .replace("mode: Auto", "mode: Grid\n    publisherGroups: 2\n    subscriberGroups: 2");
    }

    @AfterAll
    static void delete(KubernetesClient k8s) {
        Topologies.deleteNamespace(k8s, ns);
    }

    @Test
    @Order(1)
    void aKilledBrokerCostsOnlyItsColumnAndOnlyDuringItsOutage(KubernetesClient k8s) throws Exception {
        DeliveryCheckPod check = startLoad(k8s, "broker-kill");
        String victim = topology + "-broker-3";
        long killed = System.currentTimeMillis();
        long ready = killAndAwaitBack(k8s, List.of(victim));
        DeliveryReport report = check.report(Duration.ofMinutes(3));
        Topologies.await(k8s, ns, topology, "Ready", "True", "are Ready", 2);

        List<SubscriberDelivery> downColumn = report.subscribers().stream()
                .filter(s -> s.brokers().stream().anyMatch(b -> b.startsWith(victim + "."))).toList();
        print("broker pod killed", report, killed, ready, downColumn);
        assertTrue(!downColumn.isEmpty() && downColumn.size() < report.subscribers().size(),
                "the grid's two columns each have subscribers: " + report.line());
        assertLostOnlyDuringTheOutage(report, downColumn, killed, ready);
    }

    /**
     * A lost node takes every broker on it at once: the pod garbage collector force-deletes the pods bound to a
     * deleted node. The real node cannot be deleted under a load that runs on it, so its broker pods are what is
     * force-deleted, all together; the placement half of a node loss (brokers rescheduled onto the remaining
     * dedicated nodes, Ready=False naming them) is OperatorOnSimulatedNodesTest's, on kwok nodes.
     */
    @Test
    @Order(3)
    void aLostNodesBrokersCostOnlyWhatWasSentWhileTheyWereDown(KubernetesClient k8s) throws Exception {
        DeliveryCheckPod check = startLoad(k8s, "node-loss");
        List<String> brokers = Topologies.brokerPods(k8s, ns, topology).stream().map(p -> p.getMetadata().getName())
                .toList();
        long killed = System.currentTimeMillis();
        long ready = killAndAwaitBack(k8s, brokers);
        DeliveryReport report = check.report(Duration.ofMinutes(3));
        Topologies.await(k8s, ns, topology, "Ready", "True", "are Ready", 2);

        print("every broker of the node lost", report, killed, ready, report.subscribers());
        assertLostOnlyDuringTheOutage(report, report.subscribers(), killed, ready);
    }

    /**
     * The API server down and back (its process restarted, as a control-plane upgrade does): the brokers and the
     * clients do not talk to it, and the mounted routing map stays. The operator, unable to renew its Lease, may exit
     * and restart (printed); either way it reconciles a change made once the API server is back.
     */
    @Test
    @Order(4)
    void aRestartedApiServerCostsTheClientsNothing(KubernetesClient k8s) throws Exception {
        DeliveryCheckPod check = startLoad(k8s, "apiserver-restart");
        int restartsBefore = operatorRestarts(k8s);
        long stopped = System.currentTimeMillis();
        Commands.run(Map.of(), Duration.ofMinutes(2), List.of("e2e/cluster", "restart-apiserver"));
        long ready = System.currentTimeMillis();
        DeliveryReport report = check.report(Duration.ofMinutes(3));

        print("API server restarted", report, stopped, ready, List.of());
        System.out.println("operator container restarts during the API server's restart: "
                + (operatorRestarts(k8s) - restartsBefore));
        assertNothingLost(report);
        Topologies.await(k8s, ns, topology, "Ready", "True", "are Ready", 2);
        Topologies.applyAndAwaitReconciled(k8s, ns, gridManifest().replace("messageRatePerPublisher: 10",
                "messageRatePerPublisher: 11"));
    }

    @Test
    @Order(2)
    void aKilledOperatorCostsTheClientsNothing(KubernetesClient k8s) throws Exception {
        DeliveryCheckPod check = startLoad(k8s, "operator-kill");
        String operator = OperatorInstall.pod(k8s).getMetadata().getName();
        long killed = System.currentTimeMillis();
        k8s.pods().inNamespace(OperatorInstall.NAMESPACE).withName(operator).withGracePeriod(0).delete();
        long ready = awaitNewOperatorReady(k8s, operator);
        DeliveryReport report = check.report(Duration.ofMinutes(3));

        print("operator pod killed", report, killed, ready, List.of());
        assertNothingLost(report);
        Topologies.await(k8s, ns, topology, "Ready", "True", "are Ready", 1);
    }

    /** The delivery check started on the grid, its load running for 20 s before the fault. */
    private static DeliveryCheckPod startLoad(KubernetesClient k8s, String name) throws InterruptedException {
        DeliveryCheckPod check = DeliveryCheckPod.start(k8s, ns, topology, name, SCHEDULE, 4, 8, 4);
        check.awaitLoadStarted();
        Thread.sleep(20_000);
        return check;
    }

    /** Force-deletes the broker pods; returns when each is back (a new pod) and Ready. */
    private static long killAndAwaitBack(KubernetesClient k8s, List<String> pods) {
        var before = pods.stream().map(p -> k8s.pods().inNamespace(ns).withName(p).get().getMetadata().getUid())
                .toList();
        pods.forEach(p -> k8s.pods().inNamespace(ns).withName(p).withGracePeriod(0).delete());
        for (int i = 0; i < pods.size(); i++) {
            String uid = before.get(i);
            k8s.pods().inNamespace(ns).withName(pods.get(i)).waitUntilCondition(p -> p != null
                    && !uid.equals(p.getMetadata().getUid()) && Topologies.ready(p), 3, TimeUnit.MINUTES);
        }
        return System.currentTimeMillis();
    }

    /**
     * Non-durable subscriptions lose what their down brokers missed, by design: a subscriber outside {@code down}
     * loses nothing, one inside loses only messages sent during the outage (from the fault until its brokers are
     * Ready again and its clients reconnected), and no message arrives twice.
     */
    private static void assertLostOnlyDuringTheOutage(DeliveryReport report, List<SubscriberDelivery> down,
                                                      long fault, long ready) {
        assertEquals(0, report.sendFailures(), "sends to a down broker wait for it, none fails: " + report.line());
        for (SubscriberDelivery s : report.subscribers()) {
            assertEquals(0, s.duplicates(), "no message twice: " + s);
            if (!down.contains(s)) {
                assertEquals(0, s.lost(), "a subscriber whose brokers stayed up lost messages: " + s);
            }
            for (MessageSpan m : s.missing()) {
                assertTrue(m.fromMillis() >= fault - 1_000 && m.toMillis() <= ready + RECONNECT.toMillis(),
                        "missing messages sent outside the outage (" + fault + " to " + ready + "): " + s);
            }
        }
    }

    /** A fault the brokers and the clients do not depend on: nothing lost, nothing twice, the map unchanged. */
    private static void assertNothingLost(DeliveryReport report) {
        assertEquals(0, report.sendFailures(), report.line());
        assertEquals(0, report.lost(), "the brokers and the clients do not need the control plane: " + report.line());
        assertEquals(0, report.duplicates(), report.line());
        assertEquals(0, report.routingChanges(), "the routing map stayed the same: " + report.line());
    }

    private static int operatorRestarts(KubernetesClient k8s) {
        return OperatorInstall.pods(k8s).stream()
                .flatMap(p -> p.getStatus().getContainerStatuses().stream())
                .mapToInt(ContainerStatus::getRestartCount).sum();
    }

    /** When a pod other than {@code killed} is the operator's, Ready. */
    private static long awaitNewOperatorReady(KubernetesClient k8s, String killed) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (System.nanoTime() < deadline) {
            boolean replaced = OperatorInstall.pods(k8s).stream()
                    .anyMatch(p -> !killed.equals(p.getMetadata().getName()) && Topologies.ready(p));
            if (replaced) {
                return System.currentTimeMillis();
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no operator pod Ready after " + killed + " was killed:\n"
                + Pods.describe(k8s, OperatorInstall.NAMESPACE));
    }

    private static void print(String fault, DeliveryReport report, long at, long ready,
                              List<SubscriberDelivery> downColumn) {
        long lastMissing = report.subscribers().stream().flatMap(s -> s.missing().stream())
                .mapToLong(MessageSpan::toMillis).max().orElse(at);
        System.out.printf("FAULT %s: kill to Ready again %.1f s, to the last message lost %.1f s; sent %d; down column "
                + "(%d subscribers) lost %s; other columns lost %d; duplicates %d; send failures %d%n", fault,
                (ready - at) / 1e3, (lastMissing - at) / 1e3, report.sent(), downColumn.size(), downColumn.stream().map(SubscriberDelivery::lost).toList(),
                report.subscribers().stream().filter(s -> !downColumn.contains(s)).mapToLong(SubscriberDelivery::lost)
                        .sum(), report.duplicates(), report.sendFailures());
        System.out.println(report.line());
    }
}
