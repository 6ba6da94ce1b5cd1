package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Placement on dedicated nodes, at a scale only simulated nodes give: the real scheduler puts one
 * broker per kwok node and leaves the surplus Pending, exactly as on a real cluster.
 */
@LocalClusterTest
@Tag("sim-nodes") // Tagged sim-nodes: needs kwok nodes, which only the local cluster has.
@Order(2)
@ResourceLock(ClusterResources.SIMULATED_NODES)
class PlacementOnSimulatedNodesTest {

    private static final int SURPLUS = 2;

    @Test
    void oneBrokerPerDedicatedNodeAndSurplusUnschedulable(KubernetesClient k8s) {
        Set<String> dedicated = k8s.nodes().withLabel(LocalCluster.BROKER_NODE_LABEL, "true")
                .withLabel(LocalCluster.SIM_NODE_LABEL, LocalCluster.SIM_NODE_VALUE).list().getItems().stream()
                .filter(PlacementOnSimulatedNodesTest::ready).map(n -> n.getMetadata().getName())
                .collect(Collectors.toSet());
        assertTrue(dedicated.size() >= 2, "needs simulated nodes: run `e2e/cluster up --sim-nodes 3`, found " + dedicated);
        String ns = Pods.createNamespace(k8s, "bw-e2e-placement");
        try {
            k8s.apps().statefulSets().inNamespace(ns).resource(brokers(dedicated.size() + SURPLUS)).create();
            List<Pod> pods = waitForPlacement(k8s, ns, dedicated.size());
            System.out.println("placement on " + dedicated.size() + " dedicated simulated nodes:\n" + Pods.describe(k8s, ns));
            List<String> nodes = pods.stream().map(p -> p.getSpec().getNodeName()).filter(n -> n != null).toList();
            assertEquals(dedicated, Set.copyOf(nodes), "one pod on every dedicated node");
            assertEquals(dedicated.size(), nodes.size(), "never two on one node");
            List<Pod> pending = pods.stream().filter(p -> p.getSpec().getNodeName() == null).toList();
            assertEquals(SURPLUS, pending.size());
            pending.forEach(p -> assertEquals("Pending", p.getStatus().getPhase()));
        } finally {
            k8s.namespaces().withName(ns).delete();
        }
    }

    private static StatefulSet brokers(int replicas) {
        return new StatefulSetBuilder().withNewMetadata().withName("brokers").endMetadata()
                .withNewSpec().withReplicas(replicas).withServiceName("brokers")
                // Parallel: the surplus must not stop the others from being created.
                .withPodManagementPolicy("Parallel")
                .withNewSelector().addToMatchLabels("app", "brokers").endSelector()
                .withNewTemplate().withNewMetadata().addToLabels("app", "brokers").endMetadata()
                .withNewSpec()
                .addToNodeSelector(LocalCluster.BROKER_NODE_LABEL, "true")
                .addToNodeSelector(LocalCluster.SIM_NODE_LABEL, LocalCluster.SIM_NODE_VALUE)
                .withTolerations(Pods.brokerNodeToleration())
                .withNewAffinity().withNewPodAntiAffinity().addNewRequiredDuringSchedulingIgnoredDuringExecution()
                .withNewLabelSelector().addToMatchLabels("app", "brokers").endLabelSelector()
                .withTopologyKey("kubernetes.io/hostname")
                .endRequiredDuringSchedulingIgnoredDuringExecution().endPodAntiAffinity().endAffinity()
                .addNewContainer().withName("broker").withImage(LocalCluster.BROKER_IMAGE).withImagePullPolicy("Never")
                .withNewResources().addToRequests("cpu", new Quantity("1")).endResources()
                .endContainer()
                .endSpec().endTemplate().endSpec().build();
    }

    /** Waits until every dedicated node holds a running pod and the rest are Unschedulable. */
    private static List<Pod> waitForPlacement(KubernetesClient k8s, String ns, int expectedRunning) {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (true) {
            List<Pod> pods = k8s.pods().inNamespace(ns).withLabel("app", "brokers").list().getItems();
            long running = pods.stream().filter(p -> "Running".equals(p.getStatus().getPhase())).count();
            long unschedulable = pods.stream().filter(PlacementOnSimulatedNodesTest::unschedulable).count();
            if (running == expectedRunning && unschedulable == SURPLUS) {
                return pods;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("placement not reached within 2 minutes:\n" + Pods.describe(k8s, ns));
            }
            sleep();
        }
    }

    private static boolean unschedulable(Pod p) {
        return p.getStatus().getConditions().stream().anyMatch(c -> "PodScheduled".equals(c.getType())
                && "False".equals(c.getStatus()) && "Unschedulable".equals(c.getReason()));
    }

    private static boolean ready(Node n) {
        return n.getStatus().getConditions().stream().anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    private static void sleep() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
