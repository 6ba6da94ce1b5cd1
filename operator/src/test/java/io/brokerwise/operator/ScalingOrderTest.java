package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.routing.RoutingMapCodec;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Growing and shrinking a layout in an order that keeps clients served: the routing map names a broker
 * only once it is Ready, and a broker leaves the map before its pod goes. The test plays the kubelet
 * (it marks pods Ready) and samples the StatefulSet and the routing map throughout: at no sample may
 * the StatefulSet have fewer replicas than the map names brokers.
 */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class ScalingOrderTest {

    final KubernetesClient client = LocalApiServerResource.adminClient();

    @Test
    void growingAndShrinkingKeepsEveryMappedBrokerRunning() throws Exception {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes("scale", 16);
        String small = PubSubTopologyReconcilerTest.topology("presence", "scale", "scale", "").replace(
                "messageRatePerPublisher: 50", "messageRatePerPublisher: 5");
        PubSubTopology t = cluster.apply(small);
        cluster.await(t, "Deployed", "True", "Applied");
        int before = Math.toIntExact(cluster.get(t).getStatus().plan.brokers);
        for (int i = 0; i < before; i++) {
            cluster.readyBrokerPod(t, i);
        }
        cluster.await(t, "Ready", "True", "BrokersReady");
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> mapped(t) == before);

        List<int[]> samples = new ArrayList<>();
        AtomicBoolean sampling = new AtomicBoolean(true);
        Thread sampler = new Thread(() -> {
            while (sampling.get()) {
                samples.add(new int[] {replicas(t), mapped(t)});
            }
        });
        sampler.start();
        try {
            // grow: ten times the rate needs more brokers; the map waits for them
            edit(t, small.replace("messageRatePerPublisher: 5", "messageRatePerPublisher: 50"));
            Awaitility.await().atMost(TestCluster.WAIT).until(() -> replicas(t) > before);
            int after = replicas(t);
            // the pass that grew the StatefulSet reports the new brokers' readiness after applying every dependent,
            // the routing map among them: once it says so, that pass has decided the map
            cluster.await(t, "Ready", "False", "BrokersNotReady", before + " of " + after + " brokers Ready");
            assertEquals(before, mapped(t), "the map must not name brokers that are not Ready");
            for (int i = before; i < after; i++) {
                cluster.readyBrokerPod(t, i);
            }
            Awaitility.await().atMost(TestCluster.WAIT).until(() -> mapped(t) == after);
            // shrink back: the map moves first (brokers 0..before-1 are Ready), the replicas follow
            edit(t, small);
            Awaitility.await().atMost(TestCluster.WAIT).until(() -> replicas(t) == before && mapped(t) == before);
        } finally {
            sampling.set(false);
            sampler.join();
        }
        assertTrue(samples.size() > 10, "sampled " + samples.size());
        for (int[] s : samples) {
            assertTrue(s[0] >= s[1], "StatefulSet had " + s[0] + " replicas while the routing map named " + s[1]);
        }
    }

    /** Replaces the workload, as a user re-applying the manifest would. */
    private void edit(PubSubTopology t, String yaml) {
        PubSubTopology wanted = new io.brokerwise.api.planning.ManifestReader()
                .add(new java.io.StringReader(yaml), "test").one(PubSubTopology.class);
        new TestCluster(client).merge(t, "{\"spec\": {\"workload\": "
                + io.fabric8.kubernetes.client.utils.Serialization.asJson(wanted.getSpec().workload) + "}}");
    }

    private int replicas(PubSubTopology t) {
        StatefulSet s = client.apps().statefulSets().inNamespace("scale").withName("presence-broker").get();
        return s == null ? 0 : s.getSpec().getReplicas();
    }

    private int mapped(PubSubTopology t) {
        ConfigMap c = client.configMaps().inNamespace("scale").withName("presence-routing").get();
        if (c == null || c.getData() == null || !c.getData().containsKey(RoutingMapCodec.CONFIG_MAP_KEY)) {
            return 0;
        }
        return RoutingMapCodec.fromJson(c.getData().get(RoutingMapCodec.CONFIG_MAP_KEY)).brokers().size();
    }
}
