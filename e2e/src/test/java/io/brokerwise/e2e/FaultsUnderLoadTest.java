package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.measure.delivery.DeliveryReport;
import io.brokerwise.measure.delivery.LoadSchedule;
import io.brokerwise.measure.delivery.MessageSpan;
import io.brokerwise.measure.delivery.SubscriberDelivery;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Faults under a counted load (the benchmark image's delivery check, through the client library) on a 2 x 2
 * grid of real brokers on the real node, four in turn under one load, each once the one before has healed: the
 * operator killed, the API server restarted, a broker pod killed, every broker of the node lost at once.
 * Non-durable subscriptions lose what their down brokers missed, by design; everything else must arrive: a
 * subscriber loses only messages sent during an outage of one of its brokers (from the fault until its brokers are
 * back and its clients reconnected), the control plane's faults cost nothing, and nothing arrives twice. Prints
 * each fault's figures; asserts no duration.
 */
@LocalClusterTest
@Order(12)
class FaultsUnderLoadTest {

    /**
     * 40 messages/s over 4 publishers: light, so the node's CPU is not what the test measures; long enough for the
     * four faults, each healed before the next, and the clients' reconnection after the last.
     */
    static final String SCHEDULE = "40x330s";
    /**
     * How long after the victim is Ready again its clients may still be reconnecting: the JVM caches the old pod's
     * address for up to 30 s, an attempt at it gives up after 3 s, and attempts are at most 5 s apart.
     */
    static final Duration RECONNECT = Duration.ofSeconds(45);
    /** Load before the first fault and between one fault's end and the next. */
    static final Duration CALM = Duration.ofSeconds(15);

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

    /**
     * A fault and its outage: from the fault until what it stopped is back ({@code brokers}, the pods it took down;
     * none for the control plane, which neither the brokers nor the clients need).
     */
    record Outage(String fault, long fromMillis, long toMillis, List<String> brokers) {

        boolean downFor(SubscriberDelivery s) {
            return s.brokers().stream().anyMatch(b -> brokers.stream().anyMatch(p -> b.startsWith(p + ".")));
        }

        boolean covers(MessageSpan m) {
            return m.fromMillis() >= fromMillis - 1_000 && m.toMillis() <= toMillis + RECONNECT.toMillis();
        }
    }

    /**
     * The lost node comes last: the pod garbage collector force-deletes the pods bound to a deleted node. The real
     * node cannot be deleted under a load that runs on it, so its broker pods are what is force-deleted, all
     * together; the placement half of a node loss (brokers rescheduled onto the remaining dedicated nodes,
     * Ready=False naming them) is OperatorOnSimulatedNodesTest's, on kwok nodes. After the API server's restart the
     * operator, unable to renew its Lease, may exit and restart (printed); either way it reconciles a change made
     * once all four faults are over.
     */
    @Test
    void fourFaultsInTurnCostOnlyWhatTheirOutagesSent(KubernetesClient k8s) throws Exception {
        DeliveryCheckPod check = DeliveryCheckPod.start(k8s, ns, topology, "faults", SCHEDULE, 4, 8, 4);
        long started = check.awaitLoadStarted();
        int restartsBefore = operatorRestarts(k8s);
        List<String> brokers = Topologies.brokerPods(k8s, ns, topology).stream().map(p -> p.getMetadata().getName())
                .toList();
        List<Outage> outages = new ArrayList<>();
        Thread.sleep(CALM.toMillis());
        outages.add(killOperator(k8s));
        Thread.sleep(CALM.toMillis());
        outages.add(restartApiServer());
        Thread.sleep(CALM.toMillis());
        outages.add(killBrokers(k8s, "broker pod killed", List.of(topology + "-broker-3")));
        Thread.sleep(RECONNECT.plus(CALM).toMillis());
        outages.add(killBrokers(k8s, "every broker of the node lost", brokers));
        long healed = outages.get(outages.size() - 1).toMillis() + RECONNECT.toMillis();
        assertTrue(started + LoadSchedule.parse(SCHEDULE).length().toMillis() > healed + CALM.toMillis(),
                "the load ended before the clients of the last outage were back: lengthen SCHEDULE");
        DeliveryReport report = check.report(Duration.ofMinutes(3));

        outages.forEach(o -> print(o, report));
        System.out.println("operator container restarts during the faults: "
                + (operatorRestarts(k8s) - restartsBefore));
        System.out.println(report.line());
        assertLostOnlyDuringOutages(report, outages);
        Topologies.await(k8s, ns, topology, "Ready", "True", "are Ready", 2);
        Topologies.applyAndAwaitReconciled(k8s, ns, gridManifest().replace("messageRatePerPublisher: 10",
                "messageRatePerPublisher: 11"));
    }

    private static Outage killOperator(KubernetesClient k8s) throws InterruptedException {
        String operator = OperatorInstall.pod(k8s).getMetadata().getName();
        long killed = System.currentTimeMillis();
        k8s.pods().inNamespace(OperatorInstall.NAMESPACE).withName(operator).withGracePeriod(0).delete();
        return new Outage("operator pod killed", killed, awaitNewOperatorReady(k8s, operator), List.of());
    }

    /** The API server down and back (its process restarted, as a control-plane upgrade does). */
    private static Outage restartApiServer() {
        long stopped = System.currentTimeMillis();
        Commands.run(Map.of(), Duration.ofMinutes(2), List.of("e2e/cluster", "restart-apiserver"));
        return new Outage("API server restarted", stopped, System.currentTimeMillis(), List.of());
    }

    private static Outage killBrokers(KubernetesClient k8s, String fault, List<String> pods) {
        long killed = System.currentTimeMillis();
        return new Outage(fault, killed, killAndAwaitBack(k8s, pods), pods);
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
     * Non-durable subscriptions lose what their down brokers missed, by design: a subscriber loses only messages
     * sent during an outage of one of its brokers, no send fails, no message arrives twice, and the routing map
     * stays as it was (a killed broker comes back under its own name).
     */
    private static void assertLostOnlyDuringOutages(DeliveryReport report, List<Outage> outages) {
        assertEquals(0, report.sendFailures(), "sends to a down broker wait for it, none fails: " + report.line());
        assertEquals(0, report.routingChanges(), "the routing map stayed the same: " + report.line());
        for (SubscriberDelivery s : report.subscribers()) {
            assertEquals(0, s.duplicates(), "no message twice: " + s);
            List<Outage> down = outages.stream().filter(o -> o.downFor(s)).toList();
            for (MessageSpan m : s.missing()) {
                assertTrue(down.stream().anyMatch(o -> o.covers(m)),
                        "missing messages sent outside the outages of the subscriber's brokers " + down + ": " + s);
            }
        }
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

    private static void print(Outage o, DeliveryReport report) {
        List<SubscriberDelivery> down = report.subscribers().stream().filter(o::downFor).toList();
        List<Long> lost = down.stream().map(s -> s.missing().stream().filter(o::covers)
                .mapToLong(MessageSpan::messages).sum()).toList();
        long lastMissing = down.stream().flatMap(s -> s.missing().stream()).filter(o::covers)
                .mapToLong(MessageSpan::toMillis).max().orElse(o.fromMillis());
        System.out.printf("FAULT %s: back after %.1f s, the last message lost %.1f s after the fault; its down "
                + "subscribers (%d) lost %s%n", o.fault(), (o.toMillis() - o.fromMillis()) / 1e3,
                (lastMissing - o.fromMillis()) / 1e3, down.size(), lost);
    }
}
