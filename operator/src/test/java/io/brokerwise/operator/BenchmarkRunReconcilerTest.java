package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BenchmarkRunSpec;
import io.brokerwise.api.v1alpha1.BenchmarkRunStatus;
import io.brokerwise.api.v1alpha1.IntervalStatus;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.measure.contract.BenchmarkPlan;
import io.brokerwise.routing.RoutingMapCodec;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The BenchmarkRun controller against a real API server, as the chart's ServiceAccount: waiting with a reason,
 * one run at a time per topology, the Job it starts, and a failed Job failing the run. No kubelet or Job
 * controller runs here, so no Job's pods run: the test sets a Job's status as the Job controller would. The
 * cluster tier runs real benchmark Jobs against real brokers.
 */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class BenchmarkRunReconcilerTest {

    final KubernetesClient client = LocalApiServerResource.adminClient();

    @Test
    void aRunWaitsForItsTopologyThenStartsItsJobAndRunsTakeTurns() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes("bench", 2);
        BenchmarkRun orphan = apply(run("orphan", "bench", "missing"));
        cluster.await(orphan, "Unknown", "TopologyNotFound");

        PubSubTopology t = cluster.apply(PubSubTopologyReconcilerTest.topology("measured", "bench", "bench", "")
                .replace("publishers: 200", "publishers: 4").replace("subscribers: 2000", "subscribers: 10")
                .replace("replicationGrade: {mean: 20}", "replicationGrade: {mean: 2}"));
        cluster.await(t, "Deployed", "True", "Applied");
        BenchmarkRun first = apply(run("first", "bench", "measured"));
        cluster.await(first, "Unknown", "TopologyNotReady");

        int brokers = Math.toIntExact(cluster.get(t).getStatus().plan.brokers);
        for (int i = 0; i < brokers; i++) {
            cluster.readyBrokerPod(t, i);
        }
        cluster.await(t, "Ready", "True", "BrokersReady");
        cluster.await(first, "Unknown", "Started");
        Job job = awaitJob("first-clients");
        assertJobMeasuresTheTopology(job, first);
        assertEquals("Running", get(first).getStatus().phase.name());

        BenchmarkRun second = apply(run("second", "bench", "measured") + "  clients: {cpu: 500m, cpuLimited: false}\n");
        Condition waiting = cluster.await(second, "Unknown", "AnotherRunActive");
        assertTrue(waiting.getMessage().contains("first"), waiting.getMessage());
        assertNull(client.batch().v1().jobs().inNamespace("bench").withName("second-clients").get());

        clientPod(job, new PodStatusBuilder().withPhase("Pending").addNewCondition().withType("PodScheduled")
                .withStatus("False").withReason("Unschedulable")
                .withMessage("0/2 nodes are available: 2 Insufficient cpu.").endCondition().build());
        Condition pending = cluster.await(first, "Unknown", "ClientsWaiting");
        assertTrue(pending.getMessage().contains("first-clients-0: cannot be scheduled: 0/2 nodes are available: "
                + "2 Insufficient cpu."), pending.getMessage());
        cluster.failAsTheJobControllerWould(job);
        Condition failed = cluster.await(first, "False", "JobFailed");
        assertTrue(failed.getMessage().contains("DeadlineExceeded"), failed.getMessage());
        assertTrue(failed.getMessage().contains("Insufficient cpu"), "why the deadline passed: " + failed.getMessage());
        assertEquals("Failed", get(first).getStatus().phase.name());
        assertNotNull(get(first).getStatus().completionTime);
        Awaitility.await().atMost(TestCluster.WAIT).alias("the ended run's Job is deleted")
                .until(() -> client.batch().v1().jobs().inNamespace("bench").withName("first-clients").get() == null);
        cluster.await(second, "Unknown", "Started");
        Job unlimited = awaitJob("second-clients");
        var resources = unlimited.getSpec().getTemplate().getSpec().getContainers().get(0).getResources();
        assertEquals(new Quantity("500m"), resources.getRequests().get("cpu"));
        assertNull(resources.getLimits().get("cpu"), "cpuLimited: false sets no CPU limit");
        assertEquals(resources.getRequests().get("memory"), resources.getLimits().get("memory"));
        clientPod(unlimited, new PodStatusBuilder().withPhase("Pending").addNewContainerStatus()
                .withName("clients").withImage("brokerwise.io/bench:0.1.0").withImageID("").withReady(false)
                .withRestartCount(0).withNewState().withNewWaiting().withReason("ErrImageNeverPull")
                .withMessage("image is not present with pull policy of Never").endWaiting().endState()
                .endContainerStatus().build());
        Condition noImage = cluster.await(second, "False", "ImageUnavailable");
        assertTrue(noImage.getMessage().contains("second-clients-0: ErrImageNeverPull"), noImage.getMessage());
    }

    @Test
    void aVerifiedTopologyChecksEachRoutedLayoutAndReportsTheFigures() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes("verify", 2);
        PubSubTopology t = cluster.apply(PubSubTopologyReconcilerTest.topology("checked", "verify", "verify",
                "  verification: {onDeploy: true, tolerance: 0.2, duration: 30s, warmup: 5s}")
                .replace("publishers: 200", "publishers: 4").replace("subscribers: 2000", "subscribers: 10")
                .replace("replicationGrade: {mean: 20}", "replicationGrade: {mean: 2}"));
        cluster.await(t, "Deployed", "True", "Applied");
        String layout = cluster.get(t).getStatus().plan.publisherGroups + "x" + cluster.get(t).getStatus().plan.subscriberGroups;
        String name = "checked-verify-" + layout;
        assertNull(client.resources(BenchmarkRun.class).inNamespace("verify").withName(name).get(),
                "no check before clients are routed to the layout");
        cluster.await(t, "Verified", "Unknown", "Measuring");
        for (int i = 0; i < cluster.get(t).getStatus().plan.brokers; i++) {
            cluster.readyBrokerPod(t, i);
        }
        cluster.await(t, "Ready", "True", "BrokersReady");
        Awaitility.await().atMost(TestCluster.WAIT).alias("check " + name + " running").until(() -> {
            BenchmarkRun r = client.resources(BenchmarkRun.class).inNamespace("verify").withName(name).get();
            return r != null && r.getStatus() != null && r.getStatus().phase == BenchmarkRunStatus.Phase.Running;
        });
        BenchmarkRun check = client.resources(BenchmarkRun.class).inNamespace("verify").withName(name).get();
        assertEquals(cluster.get(t).getMetadata().getUid(), check.getMetadata().getOwnerReferences().get(0).getUid());
        assertEquals(0.2, check.getSpec().tolerance);
        finishAsTheJobWould(check, 900.0, 1000.0);
        assertEquals(BenchmarkRunSpec.DEFAULT_REPEATS, check.getSpec().repeats);
        Condition verified = cluster.await(t, "Verified", "True", "WithinTolerance",
                "measured 900 msgs/s (95% interval 880 to 920, 3 runs) against 1000 predicted (-10.0%), tolerance 20%: "
                        + "within tolerance");
        assertTrue(verified.getMessage().contains(name), verified.getMessage());
        var status = cluster.get(t).getStatus().verification;
        assertEquals(900.0, status.measuredCapacity);
        assertEquals(880.0, status.measuredCapacityInterval.lower);
        assertEquals(-0.1, status.error, 1e-12);
        assertEquals(layout, status.layout);
    }

    @Test
    void aRunOfAnotherLayoutMeasuresBrokersOfItsOwnBesideTheTopologysAndRemovesThem() {
        TestCluster cluster = new TestCluster(client);
        PubSubTopology t = readyTopology(cluster, "planned", "other");
        String planned = cluster.get(t).getStatus().plan.publisherGroups + "x"
                + cluster.get(t).getStatus().plan.subscriberGroups;
        String other = "1x2".equals(planned) ? "2x1" : "1x2";
        BenchmarkRun run = apply(run("rejected", "other", "planned") + "  layout: " + other + "\n");

        StatefulSet brokers = awaitObject(() -> client.apps().statefulSets().inNamespace("other")
                .withName("rejected-layout-broker").get());
        assertEquals(2, brokers.getSpec().getReplicas(), other + " has two brokers");
        assertEquals(cluster.get(t).getSpec().broker.cpu, brokers.getSpec().getTemplate().getSpec().getContainers()
                .get(0).getResources().getRequests().get("cpu").toString(), "sized as the topology's brokers");
        var map = RoutingMapCodec.fromJson(awaitObject(() -> client.configMaps().inNamespace("other")
                .withName("rejected-layout-routing").get()).getData().get(RoutingMapCodec.CONFIG_MAP_KEY));
        assertEquals(other, map.publisherGroups() + "x" + map.subscriberGroups());
        assertEquals(List.of("rejected-layout"), map.topics());
        Condition starting = cluster.await(run, "Unknown", "BrokerStarting");
        assertTrue(starting.getMessage().contains("0 of 2 Ready"), starting.getMessage());
        assertNull(client.batch().v1().jobs().inNamespace("other").withName("rejected-clients").get(),
                "no Job before the layout's brokers are Ready");

        cluster.readyAsTheStatefulSetControllerWould(brokers, 2);
        cluster.await(run, "Unknown", "Started");
        assertEquals(other, get(run).getStatus().layout);
        Job job = awaitJob("rejected-clients", "other");
        assertEquals("rejected-layout-routing", job.getSpec().getTemplate().getSpec().getVolumes().get(0)
                .getConfigMap().getName(), "the clients measure the run's own brokers");
        assertEquals(planned, cluster.get(t).getStatus().plan.publisherGroups + "x"
                + cluster.get(t).getStatus().plan.subscriberGroups, "the topology's plan stays as it was");

        cluster.failAsTheJobControllerWould(job);
        cluster.await(run, "False", "JobFailed");
        Awaitility.await().atMost(TestCluster.WAIT).alias("the layout's brokers removed").until(() ->
                client.apps().statefulSets().inNamespace("other").withName("rejected-layout-broker").get() == null
                        && client.configMaps().inNamespace("other").withName("rejected-layout-routing").get() == null
                        && client.services().inNamespace("other").withName("rejected-layout-brokers").get() == null);
        assertNotNull(client.apps().statefulSets().inNamespace("other").withName("planned-broker").get(),
                "the topology's own brokers stay");
    }

    /** The status the BenchmarkRun controller writes when a saturated run ends (no Job runs pods here). */
    private void finishAsTheJobWould(BenchmarkRun run, double measured, double predicted) {
        client.resources(BenchmarkRun.class).inNamespace(run.getMetadata().getNamespace()).withName(run.getMetadata().getName())
                .editStatus(r -> {
                    r.getStatus().phase = BenchmarkRunStatus.Phase.Succeeded;
                    r.getStatus().measuredCapacity = measured;
                    r.getStatus().measuredCapacityInterval = new IntervalStatus();
                    r.getStatus().measuredCapacityInterval.runs = 3;
                    r.getStatus().measuredCapacityInterval.mean = measured;
                    r.getStatus().measuredCapacityInterval.confidence = 0.95;
                    r.getStatus().measuredCapacityInterval.lower = measured - 20;
                    r.getStatus().measuredCapacityInterval.upper = measured + 20;
                    r.getStatus().verdictMessage = "within tolerance";
                    r.getStatus().predictedCapacity = predicted;
                    r.getStatus().capacityError = (measured - predicted) / predicted;
                    r.getStatus().verdict = "WithinTolerance";
                    r.getStatus().completionTime = java.time.Instant.now().toString();
                    return r;
                });
    }

    private void assertJobMeasuresTheTopology(Job job, BenchmarkRun run) {
        assertEquals("Indexed", job.getSpec().getCompletionMode());
        assertEquals(1, job.getSpec().getCompletions());
        assertEquals(0, job.getSpec().getBackoffLimit(), "a failed client fails the run, never retried");
        assertNotNull(job.getSpec().getTtlSecondsAfterFinished());
        assertEquals(get(run).getMetadata().getUid(), job.getMetadata().getOwnerReferences().get(0).getUid());
        var pod = job.getSpec().getTemplate().getSpec();
        assertEquals("measured-routing", pod.getVolumes().get(0).getConfigMap().getName());
        assertEquals(RestrictedPodSecurity.pod(), pod.getSecurityContext());
        assertEquals(RestrictedPodSecurity.container(), pod.getContainers().get(0).getSecurityContext());
        new TestCluster(client).assertAdmittedAsRestricted(pod, "benchmark-client");
        // the topology's NetworkPolicy lets the client pods in: they carry the label its client peer selects
        var policy = client.network().v1().networkPolicies().inNamespace("bench").withName("measured-brokers").get();
        var clientPeer = policy.getSpec().getIngress().get(0).getFrom().get(0).getPodSelector().getMatchLabels();
        assertTrue(job.getSpec().getTemplate().getMetadata().getLabels().entrySet().containsAll(clientPeer.entrySet()),
                "client pods " + job.getSpec().getTemplate().getMetadata().getLabels() + " vs policy " + clientPeer);
        assertEquals("DoesNotExist", pod.getAffinity().getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution()
                .getNodeSelectorTerms().get(0).getMatchExpressions().get(0).getOperator(),
                "client pods stay off the dedicated broker nodes unless placed there");
        // the application user, the brokers' CA and the metrics user's two keys, each by name: never the management
        // user, and no Secret whole, neither as environment nor as a volume
        var clients = pod.getContainers().get(0);
        assertEquals(clients.getResources().getRequests(), clients.getResources().getLimits(),
                "a Guaranteed client pod unless cpuLimited is false");
        assertTrue(clients.getEnvFrom() == null || clients.getEnvFrom().isEmpty());
        assertTrue(pod.getVolumes().stream().allMatch(v -> v.getSecret() == null && v.getProjected() == null));
        assertEquals(Map.of("ARTEMIS_USER", "measured-broker-credentials/ARTEMIS_USER",
                        "ARTEMIS_PASSWORD", "measured-broker-credentials/ARTEMIS_PASSWORD",
                        "METRICS_USER", "measured-broker-management/METRICS_USER",
                        "METRICS_PASSWORD", "measured-broker-management/METRICS_PASSWORD",
                        "ARTEMIS_CA", "measured-broker-credentials/ARTEMIS_CA"),
                clients.getEnv().stream().filter(e -> e.getValueFrom() != null && e.getValueFrom().getSecretKeyRef() != null)
                        .collect(java.util.stream.Collectors.toMap(e -> e.getName(), e -> e.getValueFrom()
                                .getSecretKeyRef().getName() + "/" + e.getValueFrom().getSecretKeyRef().getKey())));
        String plan = pod.getContainers().get(0).getEnv().stream().filter(e -> e.getName().equals("BENCHMARK_PLAN"))
                .findFirst().orElseThrow().getValue();
        BenchmarkPlan parsed = assertDoesNotThrow(plan);
        assertEquals(BenchmarkRunSpec.DEFAULT_REPEATS, parsed.points().size(), "Saturate measures its point 3 times");
        assertEquals(10, parsed.points().get(0).design().subscribers(), "one subscriber per filter: 10 x 1");
        assertEquals(2, parsed.points().get(0).design().r(), "round(E[R]) matching subscribers");
    }

    private static BenchmarkPlan assertDoesNotThrow(String plan) {
        try {
            return BenchmarkPlan.fromJson(plan);
        } catch (java.io.IOException e) {
            throw new AssertionError("the Job's plan does not parse: " + e.getMessage(), e);
        }
    }

    /** A client pod of the Job as the Job controller makes it, with the status a scheduler or kubelet gives it. */
    private void clientPod(Job job, PodStatus status) {
        Pod pod = client.pods().inNamespace("bench").resource(new PodBuilder().withNewMetadata()
                .withName(job.getMetadata().getName() + "-0").addToLabels("job-name", job.getMetadata().getName())
                .endMetadata().withSpec(job.getSpec().getTemplate().getSpec()).build()).create();
        pod.setStatus(status);
        client.pods().inNamespace("bench").resource(pod).updateStatus();
    }


    /** A small topology, deployed and its brokers Ready, in namespace {@code ns} with two nodes of its own. */
    static PubSubTopology readyTopology(TestCluster cluster, String name, String ns) {
        cluster.namespaceWithNodes(ns, 2);
        PubSubTopology t = cluster.apply(PubSubTopologyReconcilerTest.topology(name, ns, ns, "")
                .replace("publishers: 200", "publishers: 4").replace("subscribers: 2000", "subscribers: 10")
                .replace("replicationGrade: {mean: 20}", "replicationGrade: {mean: 2}"));
        cluster.await(t, "Deployed", "True", "Applied");
        for (int i = 0; i < cluster.get(t).getStatus().plan.brokers; i++) {
            cluster.readyBrokerPod(t, i);
        }
        cluster.await(t, "Ready", "True", "BrokersReady");
        return t;
    }

    static String run(String name, String ns, String topology) {
        return """
                apiVersion: brokerwise.io/v1alpha1
                kind: BenchmarkRun
                metadata: {name: %s, namespace: %s}
                spec:
                  topologyRef: {name: %s}
                  mode: Saturate
                  duration: 30s
                  warmup: 5s
                """.formatted(name, ns, topology);
    }

    private BenchmarkRun apply(String yaml) {
        return client.resource(new ManifestReader().add(new StringReader(yaml), "test").one(BenchmarkRun.class)).create();
    }

    private BenchmarkRun get(BenchmarkRun run) {
        return client.resources(BenchmarkRun.class).inNamespace(run.getMetadata().getNamespace())
                .withName(run.getMetadata().getName()).get();
    }

    private Job awaitJob(String name) {
        return awaitJob(name, "bench");
    }

    private Job awaitJob(String name, String ns) {
        return awaitObject(() -> client.batch().v1().jobs().inNamespace(ns).withName(name).get());
    }

    private static <T> T awaitObject(java.util.function.Supplier<T> object) {
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> object.get() != null);
        return object.get();
    }


}
