package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapCodec;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A change that restarts the brokers (their memory) rolls out cell by cell, make-before-break, on a real API server.
 * No StatefulSet controller runs there, so the test plays it (a pod for each missing ordinal, made from the current
 * template, Ready at once as a kubelet would report it; pods beyond the replicas deleted) and samples the routing
 * map throughout: at no sample may the map name a broker without a Ready pod. The operator cannot read these brokers'
 * metrics (no broker answers), so an old broker goes as soon as a read since the map left it has failed.
 */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class RolloutTest {

    static final String NS = "rollout";

    final KubernetesClient client = LocalApiServerResource.adminClient();

    @Test
    void aNewBrokerMemoryMovesEachCellToANewBrokerBeforeItsOldOneGoes() throws Exception {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes(NS, 16);
        PubSubTopology t = cluster.apply(PubSubTopologyReconcilerTest.topology("orders", NS, NS, "")
                .replace("messageRatePerPublisher: 50", "messageRatePerPublisher: 5"));
        cluster.await(t, "Deployed", "True", "Applied");
        int brokers = Math.toIntExact(cluster.get(t).getStatus().plan.brokers);
        assertEquals(0, client.policy().v1().podDisruptionBudget().inNamespace(NS).withName("orders-brokers").get()
                .getSpec().getMaxUnavailable().getIntVal(), "no broker may be evicted: its cell would be deaf");

        List<String> violations = new ArrayList<>();
        List<Integer> movesSeen = new ArrayList<>();
        AtomicBoolean playing = new AtomicBoolean(true);
        Thread controller = new Thread(() -> {
            while (playing.get()) {
                playStatefulSetController(cluster, t);
                routed().ifPresent(map -> map.brokers().stream().filter(b -> !ready(Names.pod(b)))
                        .forEach(b -> violations.add(b + " routed without a Ready pod")));
                Optional.ofNullable(cluster.get(t).getStatus()).map(s -> s.rollout).map(r -> r.moves)
                        .ifPresent(movesSeen::add);
            }
        });
        controller.start();
        try {
            cluster.await(t, "Ready", "True", "BrokersReady");
            Awaitility.await().atMost(TestCluster.WAIT).until(() -> routed().map(m -> m.brokers().size()).orElse(0)
                    == brokers);
            String before = template();
            Map<String, String> uidsBefore = podUids();
            cluster.merge(t, "{\"spec\": {\"broker\": {\"memory\": \"1536Mi\"}}}");
            cluster.await(t, "RollingOut", "True", "StartingNewBroker");
            Awaitility.await().atMost(TestCluster.WAIT.multipliedBy(3)).alias("every cell on the new template")
                    .until(() -> !template().equals(before) && rolledOut(t, brokers));
            assertTrue(movesSeen.stream().mapToInt(Integer::intValue).max().orElse(0) >= brokers,
                    "each cell moved, and one back: " + movesSeen.stream().distinct().toList());
            assertTrue(podUids().entrySet().stream().noneMatch(e -> e.getValue().equals(uidsBefore.get(e.getKey()))),
                    "every broker was replaced");
        } finally {
            playing.set(false);
            controller.join();
        }
        assertEquals(List.of(), violations.stream().distinct().toList(), "every routed broker had a Ready pod");
    }

    /** The map names ordinals 0 .. n-1, each on a pod of the current template; the extra pod gone; no step left. */
    private boolean rolledOut(PubSubTopology t, int brokers) {
        var map = routed().orElseThrow();
        String template = template();
        boolean current = map.brokers().stream().allMatch(b -> template.equals(annotation(Names.pod(b))));
        boolean compact = map.brokers().stream().mapToInt(Names::ordinal).max().orElse(-1) == brokers - 1;
        var status = new TestCluster(client).condition(t, "RollingOut");
        return current && compact && set().getSpec().getReplicas() == brokers
                && status.filter(c -> "False".equals(c.getStatus())).isPresent();
    }

    /** What the StatefulSet controller does: a pod for each missing ordinal below replicas, none above. */
    private void playStatefulSetController(TestCluster cluster, PubSubTopology t) {
        StatefulSet set = set();
        if (set == null) {
            return;
        }
        Map<String, Pod> pods = pods().stream().collect(Collectors.toMap(p -> p.getMetadata().getName(), p -> p));
        for (int o = 0; o < set.getSpec().getReplicas(); o++) {
            if (!pods.containsKey("orders-broker-" + o)) {
                cluster.readyBrokerPod(t, o);
            }
        }
        pods.keySet().stream().filter(name -> Names.ordinal(name + ":1") >= set.getSpec().getReplicas())
                .forEach(name -> client.pods().inNamespace(NS).withName(name).delete());
    }

    private StatefulSet set() {
        return client.apps().statefulSets().inNamespace(NS).withName("orders-broker").get();
    }

    private String template() {
        return set().getSpec().getTemplate().getMetadata().getAnnotations().get(Names.TEMPLATE_HASH_ANNOTATION);
    }

    private List<Pod> pods() {
        return client.pods().inNamespace(NS).withLabel(Names.INSTANCE_LABEL, "orders").list().getItems();
    }

    private Map<String, String> podUids() {
        return pods().stream().collect(Collectors.toMap(p -> p.getMetadata().getName(), p -> p.getMetadata().getUid()));
    }

    private boolean ready(String pod) {
        Pod p = client.pods().inNamespace(NS).withName(pod).get();
        return p != null && p.getStatus() != null && p.getStatus().getConditions().stream()
                .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    private String annotation(String pod) {
        Pod p = client.pods().inNamespace(NS).withName(pod).get();
        return p == null ? null : p.getMetadata().getAnnotations().get(Names.TEMPLATE_HASH_ANNOTATION);
    }

    private Optional<RoutingMap> routed() {
        ConfigMap c = client.configMaps().inNamespace(NS).withName("orders-routing").get();
        return Optional.ofNullable(c).map(ConfigMap::getData).map(d -> d.get(RoutingMapCodec.CONFIG_MAP_KEY))
                .map(RoutingMapCodec::fromJson);
    }
}
