package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.v1alpha1.BenchmarkPointStatus;
import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.measure.contract.BrokerCounts;
import io.brokerwise.measure.contract.LatencyPercentiles;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.MeasuredLoad;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.measure.contract.SliceReport;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A BenchmarkRun's result comes from the ConfigMap its client pods write their reports into, never from their logs:
 * no pod runs on this API server and no log exists, so a run that ends Succeeded here took its points from the
 * ConfigMap alone, and whatever a real pod prints after its report cannot hide it. The test writes the reports as
 * the pods would, a merge patch as their ServiceAccount, which may read and patch that ConfigMap and nothing else;
 * the Job's end it writes as the Job controller would. The cluster tier runs real client pods.
 */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class BenchmarkResultsTest {

    private static final String NS = "results";
    private static final PatchContext MERGE = PatchContext.of(PatchType.JSON_MERGE);
    /** A client pod's write: a merge patch under the field manager the benchmark client names. */
    private static final PatchContext POD_WRITE = new PatchContext.Builder().withPatchType(PatchType.JSON_MERGE)
            .withFieldManager("brokerwise-measure").build();

    final KubernetesClient client = LocalApiServerResource.adminClient();
    final TestCluster cluster = new TestCluster(client);

    @Test
    void aRunsPointsComeFromTheReportsItsPodsWroteAndAMissingReportFailsIt() throws Exception {
        BenchmarkRunReconcilerTest.readyTopology(cluster, "measured", NS);
        BenchmarkRun run = apply("written");
        cluster.await(run, "Unknown", "Started");
        Job job = await(() -> client.batch().v1().jobs().inNamespace(NS).withName("written-clients").get());
        var pod = job.getSpec().getTemplate().getSpec();
        assertEquals("written-clients", pod.getServiceAccountName());
        assertTrue(pod.getAutomountServiceAccountToken(), "the token is how a pod writes its report");
        assertEquals("written-results", pod.getContainers().get(0).getEnv().stream()
                .filter(e -> SliceReport.CONFIG_MAP_ENV.equals(e.getName())).findFirst().orElseThrow().getValue());
        ConfigMap results = await(() -> client.configMaps().inNamespace(NS).withName("written-results").get());
        assertOwnedBy(run, results);
        assertTrue(results.getData() == null || results.getData().isEmpty(), "empty until the pods write");
        assertOwnedBy(run, client.serviceAccounts().inNamespace(NS).withName("written-clients").get());
        var role = client.rbac().roles().inNamespace(NS).withName("written-clients").get();
        assertOwnedBy(run, role);
        assertEquals(List.of(new PolicyRuleBuilder().withApiGroups("").withResources("configmaps")
                .withResourceNames("written-results").withVerbs("get", "patch").build()), role.getRules());
        RoleBinding binding = client.rbac().roleBindings().inNamespace(NS).withName("written-clients").get();
        assertEquals("written-clients", binding.getRoleRef().getName());
        assertEquals("written-clients", binding.getSubjects().get(0).getName());

        try (KubernetesClient pods = asClientPods("written")) {
            write(pods, "written-results", 0, 9000);
            write(pods, "written-results", 1, 9000);
            assertEquals(2, pods.configMaps().inNamespace(NS).withName("written-results").get().getData().size());
            assertForbidden(() -> pods.configMaps().inNamespace(NS).withName("measured-routing")
                    .patch(MERGE, "{\"data\": {\"x\": \"y\"}}"));
            assertForbidden(() -> pods.configMaps().inNamespace(NS).list());
            assertForbidden(() -> pods.configMaps().inNamespace(NS).withName("written-results").delete());
        }
        // the operator's field manager owns the ConfigMap's labels, not the pods' keys: its apply leaves them
        client.configMaps().inNamespace(NS).withName("written-results")
                .patch(MERGE, "{\"metadata\": {\"labels\": {\"brokerwise.io/benchmark-run\": null}}}");
        Awaitility.await().atMost(TestCluster.WAIT).alias("the operator applies the label again").until(() ->
                client.configMaps().inNamespace(NS).withName("written-results").get().getMetadata().getLabels()
                        .containsKey("brokerwise.io/benchmark-run"));
        ConfigMap applied = client.configMaps().inNamespace(NS).withName("written-results").get();
        assertEquals(2, applied.getData().size());
        var applies = applied.getMetadata().getManagedFields().stream().filter(f -> "Apply".equals(f.getOperation()))
                .toList();
        assertEquals(1, applies.size(), "the operator's apply: " + applied.getMetadata().getManagedFields());
        assertFalse(applies.get(0).getFieldsV1().getAdditionalProperties().containsKey("f:data"),
                "the operator applies no data: " + applies);

        cluster.completeAsTheJobControllerWould(job);
        cluster.await(run, "True", "Measured");
        List<BenchmarkPointStatus> points = cluster.get(run).getStatus().points;
        assertEquals(3, points.size(), "Saturate measures its point 3 times");
        assertEquals(1800, points.get(0).publishedRate, 1e-9, "both slices' 9,000 messages in 10 s");
        assertTrue(points.get(0).valid, points.get(0).problems + "");
        awaitGone(() -> client.configMaps().inNamespace(NS).withName("written-results").get());
        awaitGone(() -> client.serviceAccounts().inNamespace(NS).withName("written-clients").get());
        awaitGone(() -> client.rbac().roles().inNamespace(NS).withName("written-clients").get());
        awaitGone(() -> client.rbac().roleBindings().inNamespace(NS).withName("written-clients").get());

        BenchmarkRun partial = apply("partial");
        cluster.await(partial, "Unknown", "Started");
        Job partialJob = await(() -> client.batch().v1().jobs().inNamespace(NS).withName("partial-clients").get());
        await(() -> client.rbac().roleBindings().inNamespace(NS).withName("partial-clients").get());
        try (KubernetesClient pods = asClientPods("partial")) {
            assertForbidden(() -> pods.configMaps().inNamespace(NS).withName("written-results").get());
            write(pods, "partial-results", 1, 9000);
        }
        cluster.completeAsTheJobControllerWould(partialJob);
        Condition noReport = cluster.await(partial, "False", "NoReport");
        assertEquals("the client pods finished, but ConfigMap partial-results has no report of slice 0 (of 2)",
                noReport.getMessage());
    }

    /** A Saturate run of the topology over two client pods. */
    private BenchmarkRun apply(String name) {
        String yaml = BenchmarkRunReconcilerTest.run(name, NS, "measured") + "  clients: {replicas: 2}\n";
        return client.resource(new ManifestReader().add(new StringReader(yaml), "test").one(BenchmarkRun.class)).create();
    }

    /** A client as the run's client pods are: its ServiceAccount. */
    private KubernetesClient asClientPods(String run) {
        return new KubernetesClientBuilder().withConfig(new ConfigBuilder(client.getConfiguration())
                .withImpersonateUsername("system:serviceaccount:" + NS + ":" + run + "-clients").build()).build();
    }

    /** The report a client pod writes: each of the run's three points, {@code sent} messages in a 10 s window. */
    private static void write(KubernetesClient pods, String configMap, int slice, long sent) throws Exception {
        List<LoadResult> points = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            points.add(result(slice, sent));
        }
        String report = new SliceReport(slice, points).json();
        pods.configMaps().inNamespace(NS).withName(configMap).patch(POD_WRITE,
                new ObjectMapper().writeValueAsString(Map.of("data", Map.of(SliceReport.key(slice), report))));
    }

    /**
     * Slice {@code slice} of two: its publishers sent {@code sent} messages in the window, its one subscriber got
     * both slices' (slice 0 reads the broker, which dispatched them to both subscribers).
     */
    private static LoadResult result(int slice, long sent) {
        MeasuredLoad load = new MeasuredLoad("1x1", 1, 1, slice + "/2", 2, LoadSpec.Mode.saturate, null,
                "NonPersistent", false, 1, 0, SelectorDesign.Kind.property, SelectorDesign.Shape.simple, 1, 1024, 5, 10, 5);
        List<BrokerCounts> broker = slice == 0 ? List.of(new BrokerCounts(2 * sent, 4 * sent)) : List.of();
        return new LoadResult(load, 0, 0, 10, sent, 2 * sent, sent / 10.0, sent / 10.0, 2 * sent / 10.0, sent, sent,
                2 * sent, 2 * sent, broker, true, new LatencyPercentiles(300, 500, 800, 950, 1200, 350), false,
                new double[] {0.99}, 0.3, 1, 1, true, List.of());
    }

    private void assertOwnedBy(BenchmarkRun run, HasMetadata object) {
        assertEquals(cluster.get(run).getMetadata().getUid(), object.getMetadata().getOwnerReferences().get(0).getUid(),
                object.getKind() + " " + object.getMetadata().getName());
    }

    private static void assertForbidden(Runnable request) {
        assertEquals(403, assertThrows(KubernetesClientException.class, request::run).getCode());
    }

    private static <T> T await(Supplier<T> object) {
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> object.get() != null);
        return object.get();
    }

    private static void awaitGone(Supplier<?> object) {
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> object.get() == null);
    }
}
