package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.measure.delivery.DeliveryReport;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
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

    /**
     * Long enough for two changes, each a broker Ready (under a minute) and a routing map the kubelet re-mounts
     * (within its 10 s sync period on the local cluster), with room to spare on a slow machine.
     */
    static final String SCHEDULE = "40x200s";

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
            Topologies.awaitRoutedBrokers(k8s, ns, name, 3);
            var grow = new LayoutMove("2 -> 3", up, check.awaitMoveTo(3, 1, Duration.ofMinutes(3)));
            long down = System.currentTimeMillis();
            Topologies.apply(k8s, ns, yaml);
            Topologies.awaitRoutedBrokers(k8s, ns, name, 2);
            var shrink = new LayoutMove("3 -> 2", down, check.awaitMoveTo(2, 1, Duration.ofMinutes(3)));
            for (LayoutMove m : List.of(grow, shrink)) {
                System.out.printf("SCALE %s brokers: the clients moved %.1f s after the workload changed%n",
                        m.brokers(), m.seconds());
            }

            DeliveryReport report = check.report(Duration.ofMinutes(3));
            assertEquals(2, Topologies.plannedBrokers(k8s, ns, name));
            assertEquals(2, (int) k8s.apps().statefulSets().inNamespace(ns).withName(name + "-broker").get().getSpec()
                    .getReplicas(), "the retired broker went once its clients had left");
            LayoutMove.assertNothingLostAcross(report, List.of(grow, shrink));
            Topologies.await(k8s, ns, name, "Ready", "True", "are Ready", 2);
        } finally {
            Topologies.deleteNamespace(k8s, ns);
        }
    }
}
