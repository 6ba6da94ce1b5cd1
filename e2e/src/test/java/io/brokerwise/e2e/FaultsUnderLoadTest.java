package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.measure.delivery.DeliveryReport;
import io.brokerwise.measure.delivery.MissingSpan;
import io.brokerwise.measure.delivery.SubscriberDelivery;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Faults under a counted load (the benchmark image's delivery check, through the client library) on a 2 x 2
 * grid of real brokers on the real node, one fault at a time. Non-durable subscriptions lose what a down
 * broker's column missed, by design; everything else must arrive: subscribers of other columns lose nothing, and
 * the down column loses nothing sent outside the outage (from the kill until its broker is back and its clients
 * reconnected). Prints each fault's figures; asserts no duration.
 */
@LocalClusterTest
@Order(12)
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
        String yaml = Topologies.manifest("examples/local-cluster.yaml")
                .replace("mode: Auto", "mode: Grid\n    publisherGroups: 2\n    subscriberGroups: 2");
        topology = Topologies.name(yaml);
        ns = Pods.createNamespace(k8s, "bw-e2e-faults");
        Topologies.apply(k8s, ns, yaml);
        Topologies.await(k8s, ns, topology, "Ready", "True", "are Ready", 4);
    }

    @AfterAll
    static void delete(KubernetesClient k8s) {
        Topologies.deleteNamespace(k8s, ns);
    }

    @Test
    void aKilledBrokerCostsOnlyItsColumnAndOnlyDuringItsOutage(KubernetesClient k8s) throws Exception {
        DeliveryCheckPod check = DeliveryCheckPod.start(k8s, ns, topology, "broker-kill", SCHEDULE, 4, 8, 4);
        check.awaitLoadStarted();
        Thread.sleep(20_000);
        String victim = topology + "-broker-3";
        String before = k8s.pods().inNamespace(ns).withName(victim).get().getMetadata().getUid();
        long killed = System.currentTimeMillis();
        k8s.pods().inNamespace(ns).withName(victim).withGracePeriod(0).delete();
        Pod back = k8s.pods().inNamespace(ns).withName(victim).waitUntilCondition(p -> p != null
                && !before.equals(p.getMetadata().getUid()) && Topologies.ready(p), 3, TimeUnit.MINUTES);
        long ready = System.currentTimeMillis();
        DeliveryReport report = check.report(Duration.ofMinutes(3));
        Topologies.await(k8s, ns, topology, "Ready", "True", "are Ready", 2);

        List<SubscriberDelivery> downColumn = report.subscribers().stream()
                .filter(s -> s.brokers().stream().anyMatch(b -> b.startsWith(victim + "."))).toList();
        print("broker pod killed", report, killed, ready, downColumn);
        assertEquals(0, report.sendFailures(), "sends to a down broker wait for it, none fails: " + report.line());
        assertTrue(!downColumn.isEmpty() && downColumn.size() < report.subscribers().size(),
                "the grid's two columns each have subscribers: " + report.line());
        for (SubscriberDelivery s : report.subscribers()) {
            assertEquals(0, s.duplicates(), "no message twice: " + s);
            if (!downColumn.contains(s)) {
                assertEquals(0, s.lost(), "a subscriber of the other column lost messages: " + s);
            }
            for (MissingSpan m : s.missing()) {
                assertTrue(m.fromMillis() >= killed - 1_000 && m.toMillis() <= ready + RECONNECT.toMillis(),
                        "missing messages sent outside the outage (" + killed + " to " + ready + "): " + s);
            }
        }
        assertEquals(back.getMetadata().getName(), victim);
    }

    @Test
    void aKilledOperatorCostsTheClientsNothing(KubernetesClient k8s) throws Exception {
        DeliveryCheckPod check = DeliveryCheckPod.start(k8s, ns, topology, "operator-kill", SCHEDULE, 4, 8, 4);
        check.awaitLoadStarted();
        Thread.sleep(20_000);
        String operator = k8s.pods().inNamespace(OperatorInstall.NAMESPACE)
                .withLabel("app.kubernetes.io/name", OperatorInstall.DEPLOYMENT).list().getItems().get(0)
                .getMetadata().getName();
        long killed = System.currentTimeMillis();
        k8s.pods().inNamespace(OperatorInstall.NAMESPACE).withName(operator).withGracePeriod(0).delete();
        long ready = awaitNewOperatorReady(k8s, operator);
        DeliveryReport report = check.report(Duration.ofMinutes(3));

        print("operator pod killed", report, killed, ready, List.of());
        assertEquals(0, report.sendFailures(), report.line());
        assertEquals(0, report.lost(), "the brokers and the clients do not need the operator: " + report.line());
        assertEquals(0, report.duplicates(), report.line());
        assertEquals(0, report.routingChanges(), "a restarted operator writes the same routing map: " + report.line());
        Topologies.await(k8s, ns, topology, "Ready", "True", "are Ready", 1);
    }

    /** When a pod other than {@code killed} is the operator's, Ready. */
    private static long awaitNewOperatorReady(KubernetesClient k8s, String killed) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (System.nanoTime() < deadline) {
            boolean replaced = k8s.pods().inNamespace(OperatorInstall.NAMESPACE)
                    .withLabel("app.kubernetes.io/name", OperatorInstall.DEPLOYMENT).list().getItems().stream()
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
                .mapToLong(MissingSpan::toMillis).max().orElse(at);
        System.out.printf("FAULT %s: kill to Ready again %.1f s, to the last message lost %.1f s; sent %d; down column "
                + "(%d subscribers) lost %s; other columns lost %d; duplicates %d; send failures %d%n", fault,
                (ready - at) / 1e3, (lastMissing - at) / 1e3, report.sent(), downColumn.size(), downColumn.stream().map(SubscriberDelivery::lost).toList(),
                report.subscribers().stream().filter(s -> !downColumn.contains(s)).mapToLong(SubscriberDelivery::lost)
                        .sum(), report.duplicates(), report.sendFailures());
        System.out.println(report.line());
    }
}
