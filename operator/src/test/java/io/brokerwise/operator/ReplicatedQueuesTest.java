package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapCodec;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Optional;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A topology's replicated queues (spec.queues) on a real API server, under the chart's RBAC: validated with the
 * whole resource, planned into status, deployed on brokers 0 to k-1 beside the topic, and routed once those brokers
 * run the broker.xml that declares them. No kubelet runs here: the test marks broker pods Ready as one would.
 */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class ReplicatedQueuesTest {

    final KubernetesClient client = LocalApiServerResource.adminClient();

    /** A light topic (one broker) on the namespace's dedicated nodes, with these items of spec.queues. */
    static String topology(String name, String ns, String queues) {
        return TopologyDefaultsTest.workloadOnly(name, ns, """
                  placement: {nodeSelector: {pool: %s}, maxBrokers: 8}
                  queues:
                %s""".formatted(ns, queues.indent(4)));
    }

    /** The topic is named after the topology: a queue of that name is refused, naming the field, and nothing runs. */
    @Test
    void aQueueNamedLikeTheTopicIsRefused() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes("queue-name", 2);
        PubSubTopology t = cluster.apply(topology("orders", "queue-name",
                "- {name: orders, producers: 1, messageRatePerProducer: 1, consumers: 1}"));
        var valid = cluster.await(t, "Valid", "False", "InvalidSpec", "spec.queues[0].name");
        assertTrue(valid.getMessage().contains("the topic's name"), valid.getMessage());
        assertNull(client.apps().statefulSets().inNamespace("queue-name").withName("orders-broker").get());
    }

    /**
     * A queue that cannot be stable (no consumers) deploys nothing and says why in status; the other deploys on its
     * k brokers, more than the topic's one, and enters the routing map once they all run its broker.xml.
     */
    @Test
    void deploysEachQueueThatCanBeStableBesideTheTopic() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes("queues", 8);
        PubSubTopology t = cluster.apply(topology("orders", "queues", """
                - {name: work, producers: 12, messageRatePerProducer: 6000, consumers: 12}
                - {name: idle, producers: 1, messageRatePerProducer: 10, consumers: 0}"""));
        cluster.await(t, "Deployed", "True", "Applied", "queues work on");
        var status = cluster.get(t).getStatus();
        assertEquals(List.of("work", "idle"), status.queues.stream().map(q -> q.name).toList());
        var work = status.queues.get(0);
        assertTrue(work.feasible, work.reason);
        int k = work.replicas;
        assertTrue(k > status.plan.brokers, "the queue needs more brokers than the topic: " + k);
        var idle = status.queues.get(1);
        assertFalse(idle.feasible);
        assertEquals(0, idle.replicas);
        assertTrue(idle.reason.startsWith("no consumers"), idle.reason);

        StatefulSet sts = client.apps().statefulSets().inNamespace("queues").withName("orders-broker").get();
        assertEquals(k, sts.getSpec().getReplicas(), "the largest queue's brokers");
        assertEquals("work=" + k, sts.getMetadata().getAnnotations().get("brokerwise.io/queues"));
        String xml = client.configMaps().inNamespace("queues").withName("orders-broker-config").get().getData()
                .get("broker.xml");
        assertTrue(xml.contains("<address name=\"work\">"), "a replica of work on every broker");
        assertFalse(xml.contains("idle"), "nothing for the queue that cannot be stable");
        assertTrue(client.secrets().inNamespace("queues").withName("orders-broker-tls").get().getData()
                .containsKey("orders-broker-" + (k - 1) + ".crt"), "a certificate for each of the queue's brokers");
        var policy = client.network().v1().networkPolicies().inNamespace("queues").withName("orders-brokers").get();
        assertEquals(sts.getSpec().getSelector().getMatchLabels(),
                policy.getSpec().getIngress().get(1).getFrom().get(0).getPodSelector().getMatchLabels(),
                "the brokers reach one another");

        for (int i = 0; i < k; i++) {
            cluster.readyBrokerPod(t, i);
        }
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> routing(t).flatMap(m -> m.queue("work")).isPresent());
        QueueRoute route = routing(t).flatMap(m -> m.queue("work")).orElseThrow();
        assertEquals(RoutingMap.statefulSetAddresses("orders", "queues", 61616, k),
                route.replicas().stream().map(QueueRoute.Replica::address).toList());
        assertTrue(route.replicas().stream().noneMatch(QueueRoute.Replica::retiring));
        assertEquals(1, routing(t).orElseThrow().brokers().size(), "the topic keeps its one broker");
    }

    /**
     * Under approval: Manual a queue grown in the spec waits like a new topic layout: Planned says so with the command
     * that approves it, the brokers keep the queue's one replica, and the approval applies the change.
     */
    @Test
    void aChangeOfTheQueuesWaitsForApprovalUnderManualApproval() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes("queue-approval", 8);
        String light = topology("orders", "queue-approval",
                "- {name: work, producers: 12, messageRatePerProducer: 10, consumers: 12}") + "  approval: Manual\n";
        PubSubTopology t = cluster.apply(light);
        cluster.await(t, "Planned", "True", "AwaitingApproval");
        cluster.merge(t, "{\"metadata\": {\"annotations\": {\"brokerwise.io/approve\": \"true\"}}}");
        cluster.await(t, "Deployed", "True", "Applied", "queues work on 1 broker");
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> cluster.get(t).getMetadata().getAnnotations() == null
                || !cluster.get(t).getMetadata().getAnnotations().containsKey("brokerwise.io/approve"));

        cluster.merge(t, "{\"spec\": {\"queues\": [{\"name\": \"work\", \"producers\": 12, "
                + "\"messageRatePerProducer\": 6000, \"consumers\": 12}]}}");
        var waiting = cluster.await(t, "Planned", "True", "AwaitingApproval", "queues work on ");
        assertTrue(waiting.getMessage().contains("work on 1 run meanwhile")
                && waiting.getMessage().contains("brokerwise.io/approve=true"), waiting.getMessage());
        StatefulSet held = client.apps().statefulSets().inNamespace("queue-approval").withName("orders-broker").get();
        assertEquals(1, held.getSpec().getReplicas());
        assertEquals("work=1", held.getMetadata().getAnnotations().get("brokerwise.io/queues"));

        cluster.merge(t, "{\"metadata\": {\"annotations\": {\"brokerwise.io/approve\": \"true\"}}}");
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> client.apps().statefulSets()
                .inNamespace("queue-approval").withName("orders-broker").get().getSpec().getReplicas() > 1);
        cluster.await(t, "Planned", "True", "Planned");
    }

    private Optional<RoutingMap> routing(PubSubTopology t) {
        ConfigMap map = client.configMaps().inNamespace(t.getMetadata().getNamespace())
                .withName(t.getMetadata().getName() + "-routing").get();
        return Optional.ofNullable(map).map(ConfigMap::getData).map(d -> d.get(RoutingMapCodec.CONFIG_MAP_KEY))
                .map(RoutingMapCodec::fromJson);
    }
}
