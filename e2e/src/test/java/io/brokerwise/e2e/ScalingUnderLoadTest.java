package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.measure.delivery.DeliveryReport;
import io.brokerwise.measure.delivery.MessageSpan;
import io.brokerwise.measure.delivery.SubscriberDelivery;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The layout changed under a counted load by a change of the declared workload: examples/local-cluster.yaml
 * (80 publishers, planned PSR 2x1) grows to 160 publishers (PSR 3x1) and shrinks back while the delivery check
 * publishes through the client library. The routing map moves make-before-break: subscribers register at a new
 * broker before publishers send to it, and a retiring broker stays until its clients have left. So every
 * subscriber receives everything published to its selector; duplicates are counted and printed, and arrive only
 * during a move.
 */
@LocalClusterTest
@Order(13)
class ScalingUnderLoadTest {

    /** Long enough for two changes, each a broker Ready and a routing map the kubelet re-mounts (up to ~1 min). */
    static final String SCHEDULE = "40x300s";
    /** How long after a client's move messages still in flight through its old subscriptions may arrive. */
    static final Duration SETTLE = Duration.ofSeconds(5);

    @Test
    void aWorkloadChangeThatScalesTheLayoutUpAndDownLosesNothing(KubernetesClient k8s) throws Exception {
        OperatorInstall.ensure(k8s);
        String yaml = Topologies.manifest("examples/local-cluster.yaml");
        String name = Topologies.name(yaml);
        String ns = Pods.createNamespace(k8s, "bw-e2e-scaling");
        try {
            Topologies.apply(k8s, ns, yaml);
            Topologies.await(k8s, ns, name, "Ready", "True", "are Ready", 4);
            DeliveryCheckPod check = DeliveryCheckPod.start(k8s, ns, name, "scaling", SCHEDULE, 4, 8, 4);
            check.awaitLoadStarted();
            Thread.sleep(15_000);

            long up = System.currentTimeMillis();
            String grown = yaml.replace("publishers: 80", "publishers: 160");
            assertTrue(!grown.equals(yaml), "examples/local-cluster.yaml declares 80 publishers");
            Topologies.apply(k8s, ns, grown);
            awaitRoutedBrokers(k8s, ns, name, 3);
            long movedUp = check.awaitMoveTo(3, 1, Duration.ofMinutes(3));
            printMove("2 -> 3", up, movedUp);
            long down = System.currentTimeMillis();
            Topologies.apply(k8s, ns, yaml);
            awaitRoutedBrokers(k8s, ns, name, 2);
            long movedDown = check.awaitMoveTo(2, 1, Duration.ofMinutes(3));
            printMove("3 -> 2", down, movedDown);

            DeliveryReport report = check.report(Duration.ofMinutes(5));
            assertEquals(2, plannedBrokers(k8s, ns, name));
            assertEquals(2, (int) k8s.apps().statefulSets().inNamespace(ns).withName(name + "-broker").get().getSpec()
                    .getReplicas(), "the retired broker went once its clients had left");
            System.out.printf("SCALE under load: sent %d, lost %d, duplicates %d, routing changes seen %d%n",
                    report.sent(), report.lost(), report.duplicates(), report.routingChanges());
            System.out.println(report.line());
            assertEquals(2, report.routingChanges(), "the clients followed both moves: " + report.line());
            assertEquals(0, report.sendFailures(), report.line());
            for (SubscriberDelivery s : report.subscribers()) {
                assertEquals(0, s.lost(), "a subscriber lost messages in a move: " + s);
                for (MessageSpan d : s.duplicated()) {
                    assertTrue(within(d, up, movedUp) || within(d, down, movedDown),
                            "duplicates outside the moves (" + up + " to " + movedUp + ", " + down + " to " + movedDown
                                    + "): " + s);
                }
            }
            Topologies.await(k8s, ns, name, "Ready", "True", "are Ready", 2);
        } finally {
            Topologies.deleteNamespace(k8s, ns);
        }
    }

    /**
     * The span of duplicates falls in a move: after the change, and no later than {@link #SETTLE} after the client
     * finished moving (messages on their way through the subscription it left arrive after it).
     */
    private static boolean within(MessageSpan span, long changed, long clientMoved) {
        return span.fromMillis() >= changed && span.toMillis() <= clientMoved + SETTLE.toMillis();
    }

    private static void printMove(String brokers, long changed, long clientMoved) {
        System.out.printf("SCALE %s brokers: the clients moved %.1f s after the workload changed%n", brokers,
                (clientMoved - changed) / 1e3);
    }

    /** Waits until the topology plans {@code brokers} and its routing map names exactly that many, all Ready. */
    private static void awaitRoutedBrokers(KubernetesClient k8s, String ns, String name, int brokers)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
        while (System.nanoTime() < deadline) {
            var routed = Topologies.routedOrdinals(k8s, ns, name);
            if (routed.size() == brokers && Topologies.readyOrdinals(k8s, ns, name).containsAll(routed)
                    && plannedBrokers(k8s, ns, name) == brokers) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the routing map never named " + brokers + " Ready brokers: "
                + Topologies.routedOrdinals(k8s, ns, name) + "\n" + Pods.describe(k8s, ns));
    }

    @SuppressWarnings("unchecked")
    private static int plannedBrokers(KubernetesClient k8s, String ns, String name) {
        var status = (Map<String, Object>) Topologies.get(k8s, ns, name).get().getAdditionalProperties().get("status");
        var plan = status == null ? null : (Map<String, Object>) status.get("plan");
        return plan == null ? -1 : ((Number) plan.get("brokers")).intValue();
    }
}
