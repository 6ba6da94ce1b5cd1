package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.operator.autoscaling.BrokerMetricsServer;
import io.brokerwise.operator.monitor.MetricsEndpoints;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A persistent topology's journal claims on a real API server with the operator running as the chart's
 * ServiceAccount: made as spec.storage asks, a change of them on a running topology refused with the running
 * StatefulSet kept as it is, a storage class that does not exist named until it does, and how full the volumes are
 * said in the JournalVolumes condition. How each claim is rendered: dependent/JournalStorageTest; what the
 * condition says: journal/JournalVolumeVerdictTest.
 */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class JournalClaimsTest {

    static final String NS = "journal";

    final KubernetesClient client = LocalApiServerResource.adminClient();

    static String persistent(String name, String ns, String storage) {
        return PubSubTopologyReconcilerTest.topology(name, ns, ns, "  storage: " + storage)
                .replace("    replicationGrade: {mean: 20}", "    replicationGrade: {mean: 20}\n    deliveryMode: Persistent");
    }

    @Test
    void aRunningTopologyKeepsItsClaimsWhenTheirSizeChangesAndSaysWhatToDo() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes(NS, 16);
        storageClass("journal-fast");
        PubSubTopology t = cluster.apply(persistent("kept", NS, "{storageClassName: journal-fast, size: 1Gi}"));
        cluster.await(t, "Deployed", "True", "Applied");
        StatefulSet running = statefulSet(NS, "kept-broker");
        var claim = running.getSpec().getVolumeClaimTemplates().get(0);
        assertEquals("journal-fast", claim.getSpec().getStorageClassName());
        assertEquals(new Quantity("1Gi"), claim.getSpec().getResources().getRequests().get("storage"));
        assertEquals("Delete", running.getSpec().getPersistentVolumeClaimRetentionPolicy().getWhenScaled());

        cluster.merge(t, "{\"spec\": {\"storage\": {\"size\": \"2Gi\"}, \"broker\": {\"maxConnections\": 5000}}}");
        Condition refused = cluster.await(t, "Deployed", "False", "StorageChangeRefused");
        assertTrue(refused.getMessage().contains("1Gi of class journal-fast")
                && refused.getMessage().contains("2Gi of class journal-fast")
                && refused.getMessage().contains("kubectl delete statefulset kept-broker --cascade=orphan"),
                refused.getMessage());
        StatefulSet kept = statefulSet(NS, "kept-broker");
        assertEquals(running.getMetadata().getGeneration(), kept.getMetadata().getGeneration(),
                "the running StatefulSet is not touched: neither its claims nor the rest of the change");
        assertEquals(running.getSpec().getTemplate(), kept.getSpec().getTemplate());

        cluster.merge(t, "{\"spec\": {\"storage\": {\"size\": \"1024Mi\"}}}");
        cluster.await(t, "Deployed", "True", "Applied");
        assertTrue(statefulSet(NS, "kept-broker").getMetadata().getGeneration() > running.getMetadata().getGeneration(),
                "the same volume again: the rest of the change is applied");
    }

    @Test
    void aStorageClassThatDoesNotExistIsNamedWithTheClaimsUntilItIsCreated() {
        TestCluster cluster = new TestCluster(client);
        String ns = NS + "-class";
        cluster.namespaceWithNodes(ns, 16);
        PubSubTopology t = cluster.apply(persistent("late", ns, "{storageClassName: journal-late, size: 512Mi}"));
        Condition missing = cluster.await(t, "Deployed", "False", "StorageClassNotFound");
        assertTrue(missing.getMessage().contains("storage class journal-late does not exist")
                && missing.getMessage().contains("journal-late-broker-0"), missing.getMessage());
        assertNull(client.apps().statefulSets().inNamespace(ns).withName("late-broker").get(), "nothing applied");

        storageClass("journal-late");
        cluster.await(t, "Deployed", "True", "Applied");
    }

    /**
     * The brokers' metrics endpoints are one HTTP server the test runs (pod names do not resolve here), serving the
     * disk store usage Artemis reports for a broker's journal volume.
     */
    @Test
    void theJournalVolumesConditionNamesEachFullVolumeUntilItHasRoomAgain() throws IOException {
        AtomicReference<Double> usage = new AtomicReference<>(0.96);
        try (BrokerMetricsServer brokers = BrokerMetricsServer.serving(() -> new BrokerMetricsServer.Meters(0, 0, 0,
                0, BrokerSample.Held.NOTHING, usage.get()))) {
            QuarkusMock.installMockForType(new MetricsEndpoints() {
                @Override
                public String of(String brokerAddress) {
                    return brokers.address();
                }
            }, MetricsEndpoints.class);
            TestCluster cluster = new TestCluster(client);
            String ns = NS + "-volumes";
            cluster.namespaceWithNodes(ns, 16);
            storageClass("journal-volumes");
            PubSubTopology t = cluster.apply(persistent("full", ns, "{storageClassName: journal-volumes, size: 1Gi}"));
            Condition full = cluster.await(t, "JournalVolumes", "False", "VolumeFull");
            assertTrue(full.getMessage().startsWith("journal-full-broker-0 is 96% used, journal-full-broker-1 is 96% "
                    + "used") && full.getMessage().contains("brokers refuse sends above 90%"), full.getMessage());

            usage.set(0.5);
            cluster.await(t, "JournalVolumes", "True", "VolumesHaveRoom", "the fullest, journal-full-broker-");
            client.resource(t).delete();
        }
    }

    private void storageClass(String name) {
        client.resource(new StorageClassBuilder().withNewMetadata().withName(name).endMetadata()
                .withProvisioner("example.com/disk").build()).create();
    }

    private StatefulSet statefulSet(String ns, String name) {
        return client.apps().statefulSets().inNamespace(ns).withName(name).get();
    }
}
