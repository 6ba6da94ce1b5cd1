package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The operator (installed by the chart) on kwok-simulated dedicated nodes. kwok marks pods Ready without
 * running them, so these check placement and the operator's reactions, not traffic: a 16-broker plan puts
 * one broker on each dedicated node; a deleted broker pod comes back; a deleted node ends in Ready=False
 * naming the broker it took, and the topology recovers when the node returns; scaling the workload moves
 * the StatefulSet and the routing map in the order that keeps clients served.
 */
@LocalClusterTest
@Tag("sim-nodes") // needs kwok nodes, which only the local cluster has (e2e/ci: --sim-nodes 16)
@Order(5)
@ResourceLock(ClusterResources.SIMULATED_NODES)
class OperatorOnSimulatedNodesTest {

    private static final int NODES = 16;

    private static String topology(String name, int publishers, String mode) {
        return Topologies.onSimulatedNodes(name, publishers, mode, "\"1\"", "1Gi");
    }

    @Test
    void sixteenBrokersOnePerNodeRecoverFromLostPodAndLostNode(KubernetesClient k8s) {
        OperatorInstall.ensure(k8s);
        Set<String> simNodes = simNodes(k8s);
        assertTrue(simNodes.size() >= NODES, "needs " + NODES + " simulated nodes (e2e/cluster up --sim-nodes "
                + NODES + "), found " + simNodes.size());
        String name = "sixteen";
        String ns = Pods.createNamespace(k8s, "bw-e2e-sim");
        Node lost = null;
        try {
            Topologies.apply(k8s, ns, topology(name, 40, "{mode: Grid, publisherGroups: 4, subscriberGroups: 4}"));
            Topologies.await(k8s, ns, name, "Ready", "True", "all 16 brokers", 3);
            List<Pod> pods = Topologies.brokerPods(k8s, ns, name);
            Set<String> used = pods.stream().map(p -> p.getSpec().getNodeName()).collect(Collectors.toSet());
            System.out.println("16 brokers on: " + new TreeSet<>(used));
            assertEquals(NODES, pods.size());
            assertEquals(NODES, used.size(), "one broker per dedicated node");
            assertTrue(simNodes.containsAll(used), "only on the simulated dedicated nodes: " + used);

            // A broker pod lost: the StatefulSet replaces it and the topology is Ready again.
            Pod victim = k8s.pods().inNamespace(ns).withName(name + "-broker-3").get();
            k8s.resource(victim).delete();
            Pod back = k8s.pods().inNamespace(ns).withName(name + "-broker-3").waitUntilCondition(p -> p != null
                    && !victim.getMetadata().getUid().equals(p.getMetadata().getUid()) && Topologies.ready(p),
                    2, TimeUnit.MINUTES);
            System.out.println("broker-3 replaced on " + back.getSpec().getNodeName());
            Topologies.await(k8s, ns, name, "Ready", "True", "all 16 brokers", 2);

            // A node lost: Kubernetes garbage-collects its pod, the replacement has nowhere to go.
            Pod five = k8s.pods().inNamespace(ns).withName(name + "-broker-5").get();
            lost = k8s.nodes().withName(five.getSpec().getNodeName()).get();
            k8s.nodes().withName(lost.getMetadata().getName()).delete();
            Topologies.await(k8s, ns, name, "Ready", "False", name + "-broker-5", 3);
            System.out.println("Planned: " + Topologies.condition(Topologies.get(k8s, ns, name).get(), "Planned")
                    .orElseThrow().get("message"));

            // The node returns: the broker lands there again and the topology recovers.
            recreate(k8s, lost);
            lost = null;
            Topologies.await(k8s, ns, name, "Ready", "True", "all 16 brokers", 3);
            assertEquals(five.getSpec().getNodeName(),
                    k8s.pods().inNamespace(ns).withName(name + "-broker-5").get().getSpec().getNodeName());
            assertEquals(NODES, Topologies.routedOrdinals(k8s, ns, name).size());
        } finally {
            if (lost != null) {
                recreate(k8s, lost); // never leave the cluster a node short for the next test
            }
            Topologies.deleteNamespace(k8s, ns);
        }
    }

    @Test
    void scalingMovesRoutingMapOnlyToReadyBrokersAndAheadOfShrinkingReplicas(KubernetesClient k8s) {
        OperatorInstall.ensure(k8s);
        String name = "scaling";
        String ns = Pods.createNamespace(k8s, "bw-e2e-scale");
        // PSR 2x1, then 4x1, then 2x1 again (see Topologies.onSimulatedNodes)
        try {
            List<String> timeline = new ArrayList<>();
            Topologies.apply(k8s, ns, topology(name, 80, "{mode: Auto}"));
            follow(k8s, ns, name, 2, timeline);
            Topologies.apply(k8s, ns, topology(name, 200, "{mode: Auto}"));
            follow(k8s, ns, name, 4, timeline);
            Topologies.apply(k8s, ns, topology(name, 80, "{mode: Auto}"));
            follow(k8s, ns, name, 2, timeline);
            System.out.println("replicas / routing map / Ready brokers over time:\n" + String.join("\n", timeline));
        } finally {
            Topologies.deleteNamespace(k8s, ns);
        }
    }

    /**
     * Draining a dedicated node, as {@code kubectl drain} does (cordon, then evict each pod, retrying one that is
     * refused): the brokers' budget refuses the eviction (HTTP 429), the operator moves the cell to a new broker on
     * another node, deletes the old pod itself once the map has left it, and the drain completes. Read from watch
     * events, ordered by the revisions the API server gave them: the map stops naming the old pod's ordinal before the
     * pod is deleted. No load (kwok runs no broker); the clients' move under load is ScalingUnderLoadTest's rollout.
     */
    @Test
    void aDrainedNodesBrokerMovesMakeBeforeBreakWhileItsEvictionIsRefused(KubernetesClient k8s) throws Exception {
        OperatorInstall.ensure(k8s);
        String name = "drain";
        String ns = Pods.createNamespace(k8s, "bw-e2e-drain");
        String node = null;
        try {
            Topologies.apply(k8s, ns, topology(name, 80, "{mode: Auto}"));
            Topologies.await(k8s, ns, name, "Ready", "True", "are Ready", 3);
            Topologies.awaitRoutedBrokers(k8s, ns, name, 2);
            Pod old = k8s.pods().inNamespace(ns).withName(name + "-broker-0").get();
            node = old.getSpec().getNodeName();
            Drain drain = new Drain();
            try (var mapWatch = k8s.configMaps().inNamespace(ns).withName(name + "-routing").watch(drain.routingMap());
                 var podWatch = k8s.pods().inNamespace(ns).withName(old.getMetadata().getName()).watch(drain.pod())) {
                String cordoned = node;
                k8s.nodes().withName(cordoned).edit(n -> {
                    n.getSpec().setUnschedulable(true);
                    return n;
                });
                int refused = Drain.evictUntilGone(k8s, ns, name, cordoned, java.time.Duration.ofMinutes(4));
                System.out.println("drain of " + cordoned + ": " + refused + " evictions refused (HTTP 429) before "
                        + "the operator moved the cell and deleted the pod itself");
                assertTrue(refused > 0, "the budget refused the eviction at least once");
            }
            System.out.println("watch events (revision, action, what):\n" + drain.events.stream()
                    .map(Drain.Event::toString).collect(Collectors.joining("\n")));
            long mapLeft = drain.first("of a map without ordinal 0", e -> e.what().equals("map")
                    && !e.ordinals().isEmpty() && !e.ordinals().contains(0));
            long podGone = drain.first("of the old pod deleted", e -> e.action().equals("DELETED")
                    && e.what().equals("pod " + old.getMetadata().getUid()));
            assertTrue(mapLeft < podGone, "the map left ordinal 0 (revision " + mapLeft + ") before its pod went ("
                    + podGone + ")");
            Topologies.await(k8s, ns, name, "RollingOut", "False", "current template", 3);
            assertTrue(Topologies.brokerPods(k8s, ns, name).stream().noneMatch(p -> p.getSpec().getNodeName()
                    .equals(old.getSpec().getNodeName())), "no broker left on the drained node");
        } finally {
            if (node != null) {
                k8s.nodes().withName(node).edit(n -> {
                    n.getSpec().setUnschedulable(false);
                    return n;
                });
            }
            Topologies.deleteNamespace(k8s, ns);
        }
    }

    /**
     * Polls replicas, then the routing map, then Ready pods (that order makes both checks sound) until
     * the layout has {@code brokers} brokers everywhere, checking on every sample: a broker the map gains
     * is Ready (growth), and the map names only ordinals below the StatefulSet's replicas (shrink: map
     * first). A broker that turns not Ready after it joined the map stays in it, as designed; the final
     * wait for Ready=True then fails if it does not come back.
     */
    private static void follow(KubernetesClient k8s, String ns, String name, int brokers, List<String> timeline) {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        String last = "";
        TreeSet<Integer> routedBefore = Topologies.routedOrdinals(k8s, ns, name);
        int mapReachedAt = -1;
        int replicasReachedAt = -1;
        for (int sample = 0; ; sample++) {
            StatefulSet sts = k8s.apps().statefulSets().inNamespace(ns).withName(name + "-broker").get();
            int replicas = sts == null ? 0 : sts.getSpec().getReplicas();
            TreeSet<Integer> routed = Topologies.routedOrdinals(k8s, ns, name);
            TreeSet<Integer> ready = Topologies.readyOrdinals(k8s, ns, name);
            String now = "replicas " + replicas + " map " + routed + " ready " + ready;
            if (!now.equals(last)) {
                timeline.add(now);
                last = now;
            }
            TreeSet<Integer> gained = new TreeSet<>(routed);
            gained.removeAll(routedBefore);
            routedBefore = routed;
            assertTrue(ready.containsAll(gained), () -> "the map gained a broker that is not Ready: " + now + "\n"
                    + String.join("\n", timeline) + "\n" + Pods.describe(k8s, ns));
            assertTrue(routed.isEmpty() || routed.last() < replicas, () -> "the map names a broker beyond replicas: "
                    + now + "\n" + String.join("\n", timeline));
            if (mapReachedAt < 0 && routed.size() == brokers) {
                mapReachedAt = sample;
            }
            if (replicasReachedAt < 0 && replicas == brokers) {
                replicasReachedAt = sample;
            }
            if (routed.size() == brokers && replicas == brokers && ready.size() == brokers) {
                break;
            }
            assertTrue(System.nanoTime() < deadline, "layout of " + brokers + " not reached: " + timeline);
            sleep(50);
        }
        Topologies.await(k8s, ns, name, "Ready", "True", "all " + brokers + " brokers", 2);
        System.out.printf("%d brokers: map reached at sample %d, replicas at sample %d%n", brokers, mapReachedAt,
                replicasReachedAt);
    }

    private static Set<String> simNodes(KubernetesClient k8s) {
        return k8s.nodes().withLabel(LocalCluster.BROKER_NODE_LABEL, "true")
                .withLabel(LocalCluster.SIM_NODE_LABEL, LocalCluster.SIM_NODE_VALUE).list().getItems().stream()
                .map(n -> n.getMetadata().getName()).collect(Collectors.toSet());
    }

    /** The same Node object again (labels, taint, kwok's annotation); kwok takes it over and marks it Ready. */
    private static void recreate(KubernetesClient k8s, Node node) {
        node.setStatus(null);
        node.getMetadata().setResourceVersion(null);
        node.getMetadata().setUid(null);
        node.getMetadata().setCreationTimestamp(null);
        node.getMetadata().setManagedFields(null);
        k8s.nodes().withName(node.getMetadata().getName()).waitUntilCondition(n -> n == null, 1, TimeUnit.MINUTES);
        k8s.resource(node).create();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
