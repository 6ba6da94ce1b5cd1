package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.LogWatch;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.skodjob.testframe.metrics.Counter;
import io.skodjob.testframe.metrics.Gauge;
import io.skodjob.testframe.metrics.Metric;
import io.skodjob.testframe.metrics.PrometheusTextFormatParser;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Benchmark Jobs on the real node against the real brokers of examples/local-cluster.yaml: a broker pod's
 * metrics endpoint read with a library parser; the check on deploy, a Saturate run whose counts equal the brokers'
 * own metrics and whose verdict sets Verified; a Rate run with latency percentiles at three load points; a deleted
 * run whose client pods go; a run for a missing topology that waits with its reason; a run of a layout the planner
 * did not choose, on brokers of its own that go when it ends; bad runs refused by the cluster's API server naming
 * the field; a run of a topology that is not Ready waiting with its reason; Jobs that cannot run (no image, too
 * little memory) failing with their reason and leaving nothing behind; a calibration that writes a BrokerProfile a
 * topology then plans with, and leaves no temporary broker behind. Asserts behaviour, never a rate or a time.
 */
@LocalClusterTest
@Order(6)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Isolated
class BenchmarkRunOnRealNodeTest {

    private static final String TOPOLOGY = "local-demo";
    /**
     * A point of 10 s, 4 s of it measured: the runs here test behaviour (counts, phases, percentiles, verdicts), which
     * a short point shows as well as a long one; measuring a capacity is the benchmarks' job. The long run measures
     * points of 30 s.
     */
    /** The benchmark client, then 1,000 lines after its report (e2e/image builds it beside the client's image). */
    private static final String LATE_LINES_IMAGE = "brokerwise.io/bench-late-lines:0.1.0";
    private static final String SHORT_POINT = TestLength.pick("duration: 10s\n  warmup: 3s",
            "duration: 30s\n  warmup: 5s");
    private static String ns;

    @BeforeAll
    static void topology(KubernetesClient k8s) {
        OperatorInstall.ensure(k8s);
        ns = Pods.createNamespace(k8s, "bw-e2e-bench");
        Topologies.apply(k8s, ns, verifiedTopology());
        Topologies.await(k8s, ns, TOPOLOGY, "Ready", "True", "are Ready", 4);
        assertEquals(2, Topologies.plannedBrokers(k8s, ns, TOPOLOGY), "a two-broker topology");
    }

    /**
     * examples/local-cluster.yaml with 40 subscribers in place of 400, at 12 msgs/s a publisher so that it still
     * plans two brokers (PSR 2x1). Every point of a run registers its subscriptions anew, and two quarter-core
     * brokers took 118 s to register 400: the runs here test behaviour, which 40 show as well.
     */
    private static String topology() {
        String example = Topologies.manifest("examples/local-cluster.yaml");
        return Topologies.replace(Topologies.replace(example, "subscribers: 400", "subscribers: 40"),
                "messageRatePerPublisher: 10", "messageRatePerPublisher: 12");
    }

    /**
     * The topology checked on deploy: the operator runs its Saturate check, a BenchmarkRun of the default three
     * repeats, as soon as the layout is routed; the saturated-run test reads that run.
     */
    private static String verifiedTopology() {
        return topology() + """
                  verification:
                    onDeploy: true
                    %s
                    clients:
                      cpu: 500m
                      memory: 512Mi
                      nodeSelector: {kubernetes.io/hostname: brokerwise-node}
                      tolerations: [{key: brokerwise.io/broker-node, operator: Exists, effect: NoSchedule}]
                """.formatted(SHORT_POINT.replace("\n  ", "\n    "));
    }

    @AfterAll
    static void cleanUp(KubernetesClient k8s) {
        Topologies.deleteNamespace(k8s, ns);
    }

    @Test
    @Order(1)
    void aBrokerPodServesItsMetricsInThePrometheusTextFormat(KubernetesClient k8s) throws Exception {
        Pod broker = Topologies.brokerPods(k8s, ns, TOPOLOGY).get(0);
        var port = broker.getSpec().getContainers().get(0).getPorts().stream()
                .filter(p -> "metrics".equals(p.getName())).findFirst().orElseThrow();
        assertEquals("true", broker.getMetadata().getAnnotations().get("prometheus.io/scrape"));
        URI endpoint = URI.create("http://" + broker.getStatus().getPodIP() + ":" + port.getContainerPort() + "/metrics");
        assertEquals(401, HttpClient.newHttpClient().send(HttpRequest.newBuilder(endpoint)
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.discarding()).statusCode(),
                "no metrics without the metrics user");
        // the metrics user from the Secret the application pods do not get
        var management = k8s.secrets().inNamespace(ns).withName(TOPOLOGY + "-broker-management").get().getData();
        String basic = java.util.Base64.getEncoder().encodeToString(
                (decoded(management.get("METRICS_USER")) + ":" + decoded(management.get("METRICS_PASSWORD")))
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String text = HttpClient.newHttpClient().send(HttpRequest.newBuilder(endpoint).header("Authorization",
                        "Basic " + basic).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString())
                .body();
        List<Metric> metrics = PrometheusTextFormatParser.parse(text);
        // counters of the topic, whatever their value before any load: present, and counters
        value(metrics, "brokerwise_topic_messages_received_total", Counter.class);
        value(metrics, "brokerwise_topic_copies_dispatched_total", Counter.class);
        assertTrue(value(metrics, "brokerwise_cpu_seconds_total", Counter.class) > 0, "the container's cgroup CPU time");
        assertEquals(0.25, value(metrics, "brokerwise_cpu_limit_cores", Gauge.class), 1e-9,
                "the container's CPU limit (250m) from its own cgroup");
        assertTrue(value(metrics, "brokerwise_jvm_heap_used_bytes", Gauge.class) > 0);
        assertTrue(metrics.stream().anyMatch(m -> m.getName().equals("brokerwise_producer_connections")));
        assertTrue(metrics.stream().anyMatch(m -> m.getName().equals("brokerwise_topic_subscriptions")));
    }

    /**
     * The check on deploy is a Saturate run of the default three repeats: it counts what the brokers count, sets
     * Verified from its verdict, and leaves no client pod behind.
     */
    @Test
    @Order(2)
    void theCheckOnDeployIsASaturatedRunThatCountsWhatTheBrokersCountAndSetsVerified(KubernetesClient k8s) {
        String name = TOPOLOGY + "-verify-2x1";
        Map<String, Object> status = awaitEnd(k8s, name);
        assertEquals("Succeeded", status.get("phase"), Serialization.asYaml(status) + Pods.describe(k8s, ns));
        Map<String, Object> point = assertWarmestRepeatCountsWhatTheBrokersCount(status);
        List<Map<String, Object>> brokers = list(point.get("brokers"));
        assertEquals(Topologies.brokerPods(k8s, ns, TOPOLOGY).size(), brokers.size(), "every broker's own counts");
        brokers.forEach(b -> assertTrue(((Number) b.get("received")).longValue() > 0, "broker " + b + " received"));
        assertTrue(((Number) status.get("measuredCapacity")).doubleValue() > 0);
        assertTrue(((Number) status.get("predictedCapacity")).doubleValue() > 0);
        assertEquals(3, points(status).size(), "the saturated point three times, by default");
        assertEquals(3, ((Number) map(status.get("measuredCapacityInterval")).get("runs")).intValue());
        assertNotNull(status.get("verdict"));
        assertNotNull(status.get("verdictMessage"));
        awaitNoClientPods(k8s, name);

        // Inconclusive is Unknown too, but final: only Measuring means the check has not ended
        GenericKubernetesResource t = Topologies.get(k8s, ns, TOPOLOGY).waitUntilCondition(r -> Topologies.condition(r,
                "Verified").filter(c -> !"Measuring".equals(c.get("reason"))).isPresent(), 2, TimeUnit.MINUTES);
        Map<String, Object> verified = Topologies.condition(t, "Verified").orElseThrow();
        Map<String, Object> verification = map(status(t).get("verification"));
        System.out.println("Verified=" + verified.get("status") + " " + verified.get("reason") + ": " + verified.get("message"));
        assertTrue(String.valueOf(verified.get("message")).contains("predicted"), verified.toString());
        assertTrue(((Number) verification.get("predictedCapacity")).doubleValue() > 0, verification.toString());
        assertEquals(status.get("verdict"), verification.get("verdict"), "the topology's verdict is its check's");
        assertEquals(verification.get("verdict"), verified.get("reason"));
    }

    @Test
    @Order(3)
    void aRateRunReportsLatencyAtEachLoadPointThoughItsClientPrintsAThousandLinesAfterItsReport(KubernetesClient k8s) {
        create(k8s, manifest("rate", "mode: Rate\n  loadPoints: [0.3, 0.6]\n  " + SHORT_POINT)
                .replace("cpu: 500m", "cpu: 500m\n    image: " + LATE_LINES_IMAGE));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Pod client = k8s.pods().inNamespace(ns).withLabel("brokerwise.io/benchmark-run", "rate")
                .waitUntilCondition(p -> p != null && "Running".equals(p.getStatus().getPhase()), 3, TimeUnit.MINUTES);
        Map<String, Object> status;
        try (LogWatch following = k8s.pods().inNamespace(ns).withName(client.getMetadata().getName()).watchLog(log)) {
            status = awaitEnd(k8s, "rate");
        }
        assertEquals("Succeeded", status.get("phase"), Serialization.asYaml(status) + Pods.describe(k8s, ns));
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("late line 1000"),
                "the client printed its 1,000 lines after the report: " + tail(log));
        List<Map<String, Object>> points = points(status);
        assertEquals(2, points.size());
        for (Map<String, Object> p : points) {
            Map<String, Object> latency = map(p.get("latency"));
            for (String q : List.of("p50", "p90", "p99", "p999", "max")) {
                assertTrue(((Number) latency.get(q)).doubleValue() > 0, q + " of " + p);
            }
            assertTrue(((Number) p.get("predictedWaitingP99")).doubleValue() >= 0);
            assertEquals(Boolean.TRUE, p.get("countsMatchBrokers"), Serialization.asYaml(p));
        }
    }

    @Test
    @Order(4)
    void deletingARunningRunStopsItsClientPods(KubernetesClient k8s) {
        create(k8s, "deleted", "mode: Saturate\n  duration: 300s\n  warmup: 10s");
        k8s.pods().inNamespace(ns).withLabel("brokerwise.io/benchmark-run", "deleted")
                .waitUntilCondition(p -> p != null && "Running".equals(p.getStatus().getPhase()), 3, TimeUnit.MINUTES);
        run(k8s, "deleted").delete();
        awaitNoClientPods(k8s, "deleted");
    }

    @Test
    @Order(5)
    void aRunForAMissingTopologyWaitsWithItsReason(KubernetesClient k8s) {
        create(k8s, manifest("orphan", "mode: Saturate").replace(TOPOLOGY, "no-such-topology"));
        var run = run(k8s, "orphan").waitUntilCondition(r -> "TopologyNotFound".equals(succeeded(r).get("reason")), 2,
                TimeUnit.MINUTES);
        assertEquals("Pending", status(run).get("phase"));
        assertTrue(k8s.batch().v1().jobs().inNamespace(ns).withName("orphan-clients").get() == null, "no Job");
    }

    @Test
    @Order(7)
    void aRunOfAnotherLayoutMeasuresItBesideTheTopologyAndLeavesNothingBehind(KubernetesClient k8s) {
        String name = "ssr-1x2";
        List<String> brokersBefore = Topologies.brokerPods(k8s, ns, TOPOLOGY).stream().map(p -> p.getMetadata().getUid())
                .toList();
        // clients of a quarter core: the node's two CPUs hold the operator, the topology's 2 brokers and these 2
        create(k8s, manifest(name, "mode: Saturate\n  layout: 1x2\n  repeats: 2\n  " + SHORT_POINT)
                .replace("cpu: 500m", "cpu: 250m"));
        Map<String, Object> status = awaitEnd(k8s, name);
        assertEquals("Succeeded", status.get("phase"), Serialization.asYaml(status) + Pods.describe(k8s, ns));
        assertEquals("1x2", status.get("layout"));
        Map<String, Object> point = assertWarmestRepeatCountsWhatTheBrokersCount(status);
        assertEquals(2, list(point.get("brokers")).size(), "the run's own two brokers, not the topology's");
        assertTrue(((Number) status.get("predictedCapacity")).doubleValue() > 0);
        awaitTemporaryBrokersGone(k8s, name + "-layout");
        assertTrue(k8s.configMaps().inNamespace(ns).withName(name + "-layout-routing").get() == null);
        awaitNoClientPods(k8s, name);
        assertEquals(brokersBefore, Topologies.brokerPods(k8s, ns, TOPOLOGY).stream()
                .map(p -> p.getMetadata().getUid()).toList(), "the topology's brokers ran on untouched");
    }

    /**
     * Last: the topology then plans with the new profile, and if that changes its layout, the new layout's check on
     * deploy runs, and any run of the topology started after it would wait its turn.
     */
    @Test
    @Order(12)
    void aCalibrationWritesAProfileATopologyNamingItPlansWithAndLeavesNoBrokerBehind(KubernetesClient k8s) {
        String name = "calibrate-local";
        String profile = "local-quartercore-nonpersistent";
        // examples/calibration.yaml with the shortest series that fits and checks: 2 x 2 points of 10 s, the second
        // held out, so that the linear model's three parameters meet three points, and at most 45 filters, which a
        // fresh quarter-core broker registers anew for each point
        create(k8s, Topologies.manifest("examples/calibration.yaml")
                .replace("duration: 20s\n  warmup: 5s", "duration: 10s\n  warmup: 2s")
                .replace("replicationGrades: [1, 2, 5, 10]", "replicationGrades: [1, 5]")
                .replace("additionalFilters: [5, 80, 160, 390]", "additionalFilters: [5, 40]"));
        var broker = k8s.apps().statefulSets().inNamespace(ns).withName(name + "-calibration-broker")
                .waitUntilCondition(s -> s != null, 1, TimeUnit.MINUTES);
        assertEquals("BenchmarkRun", broker.getMetadata().getOwnerReferences().get(0).getKind());
        Map<String, Object> status;
        try {
            status = status(run(k8s, name).waitUntilCondition(r -> r != null && ("Succeeded".equals(status(r).get("phase"))
                    || "Failed".equals(status(r).get("phase"))), 10, TimeUnit.MINUTES));
        } catch (io.fabric8.kubernetes.client.KubernetesClientTimeoutException e) {
            throw new AssertionError("calibration did not end: " + Serialization.asYaml(run(k8s, name).get()) + "\n"
                    + Pods.describe(k8s, ns), e);
        }
        assertEquals("Succeeded", status.get("phase"), Serialization.asYaml(status));
        assertEquals(profile, status.get("profile"));

        GenericKubernetesResource written = k8s.genericKubernetesResources("brokerwise.io/v1alpha1", "BrokerProfile")
                .inNamespace(ns).withName(profile).get();
        Map<String, Object> fit = map(status(written).get("fit"));
        System.out.println("calibrated " + profile + ": " + Serialization.asYaml(written.getAdditionalProperties()));
        assertTrue(fit.get("rSquared") instanceof Number, fit.toString());
        assertEquals(3, ((Number) fit.get("points")).intValue(), "4 points, 1 held out");
        assertEquals(1, ((Number) fit.get("heldOutPoints")).intValue());
        assertTrue(fit.get("heldOutMedianRelativeError") instanceof Number, fit.toString());
        Map<String, Object> calibration = map(status(written).get("calibration"));
        assertEquals("brokerwise-node", calibration.get("node"));
        assertEquals("250m", calibration.get("brokerCpu"));
        assertEquals("384Mi", calibration.get("brokerMemory"));
        assertTrue(String.valueOf(calibration.get("artemisVersion")).matches("\\d+\\.\\d+.*"), calibration.toString());
        assertNotNull(calibration.get("time"));
        String points = k8s.configMaps().inNamespace(ns).withName(profile + "-points").get().getData().get("points.json");
        assertEquals(4, Serialization.unmarshal(points, List.class).size(), "every measured point beside the profile");

        Topologies.get(k8s, ns, TOPOLOGY).patch(io.fabric8.kubernetes.client.dsl.base.PatchContext.of(
                io.fabric8.kubernetes.client.dsl.base.PatchType.JSON_MERGE),
                "{\"spec\": {\"profileRef\": {\"name\": \"" + profile + "\"}}}");
        Topologies.get(k8s, ns, TOPOLOGY).waitUntilCondition(t -> t != null && status(t).get("profile") != null
                && profile.equals(map(status(t).get("profile")).get("name")), 2, TimeUnit.MINUTES);

        awaitTemporaryBrokersGone(k8s, name + "-calibration");
        assertTrue(k8s.batch().v1().jobs().inNamespace(ns).withName(name + "-clients").get() == null);
    }

    @Test
    @Order(9)
    void badRunsAreRefusedNamingTheFieldAndStartNoJob(KubernetesClient k8s) {
        Map<String, String> refusals = Map.of(
                "mode: Rate", "mode Rate needs loadPoints",
                "mode: Rate\n  loadPoints: [0.5, 1.5]", "each load point is a fraction in (0, 1]",
                "mode: Saturate\n  duration: 20s\n  warmup: 10s", "duration must be longer than twice the warmup",
                "mode: Calibrate", "mode Calibrate needs calibration.profileName");
        refusals.forEach((spec, message) -> {
            var e = assertThrows(KubernetesClientException.class, () -> create(k8s, "refused", spec), spec);
            assertEquals(422, e.getCode(), spec + ": " + e.getMessage());
            assertTrue(e.getMessage().contains(message), spec + ": " + e.getMessage());
        });
        assertTrue(run(k8s, "refused").get() == null);
        assertTrue(k8s.batch().v1().jobs().inNamespace(ns).withLabel("brokerwise.io/benchmark-run", "refused").list()
                .getItems().isEmpty(), "no Job for a refused run");
    }

    @Test
    @Order(10)
    void aRunOfATopologyThatIsNotReadyWaitsWithItsReasonAndStartsNoJob(KubernetesClient k8s) {
        String unplaced = "unplaced";
        Topologies.apply(k8s, ns, topology().replace("name: " + TOPOLOGY, "name: " + unplaced)
                .replace("kubernetes.io/hostname: brokerwise-node", "kubernetes.io/hostname: no-such-node"));
        create(k8s, manifest("waits", "mode: Saturate").replace("{name: " + TOPOLOGY + "}", "{name: " + unplaced + "}"));
        var waiting = run(k8s, "waits").waitUntilCondition(r -> "TopologyNotReady".equals(succeeded(r).get("reason")), 2,
                TimeUnit.MINUTES);
        System.out.println("waits: " + succeeded(waiting).get("message"));
        assertEquals("Pending", status(waiting).get("phase"));
        assertTrue(k8s.batch().v1().jobs().inNamespace(ns).withName("waits-clients").get() == null, "no Job");
        run(k8s, "waits").delete();
        Topologies.get(k8s, ns, unplaced).delete();
    }

    /**
     * A Job that cannot run ends the run Failed with the reason its pods give, and leaves nothing behind: an image
     * reference the kubelet refuses (so nothing is pulled), and clients with too little memory for their JVM.
     */
    @Test
    @Order(11)
    void aJobThatCannotRunFailsWithItsReasonAndLeavesNothing(KubernetesClient k8s) {
        Map<String, String> failures = Map.of(
                "no-image", "ImageUnavailable",
                "no-memory", "JobFailed");
        String spec = "mode: Saturate\n  duration: 30s\n  warmup: 5s";
        create(k8s, manifest("no-image", spec).replace("cpu: 500m", "cpu: 500m\n    image: \"brokerwise.io/NoSuchImage:0\""));
        create(k8s, manifest("no-memory", spec).replace("memory: 512Mi", "memory: 24Mi"));
        failures.forEach((name, reason) -> {
            Map<String, Object> status = awaitEnd(k8s, name);
            Map<String, Object> condition = succeeded(run(k8s, name).get());
            System.out.println(name + ": " + condition.get("reason") + ": " + condition.get("message"));
            assertEquals("Failed", status.get("phase"), Serialization.asYaml(status));
            assertEquals(reason, condition.get("reason"), Serialization.asYaml(status));
            awaitNoClientPods(k8s, name);
        });
    }

    private static String tail(ByteArrayOutputStream log) {
        String text = log.toString(StandardCharsets.UTF_8);
        return text.substring(Math.max(0, text.length() - 2000));
    }

    private static Map<String, Object> runToEnd(KubernetesClient k8s, String name, String spec) {
        create(k8s, name, spec);
        return awaitEnd(k8s, name);
    }

    /** A run takes a few minutes on this machine class; the wait allows for one running at half that speed. */
    private static Map<String, Object> awaitEnd(KubernetesClient k8s, String name) {
        try {
            return status(run(k8s, name).waitUntilCondition(r -> r != null && (
                    "Succeeded".equals(status(r).get("phase")) || "Failed".equals(status(r).get("phase"))), 12,
                    TimeUnit.MINUTES));
        } catch (io.fabric8.kubernetes.client.KubernetesClientTimeoutException e) {
            throw new AssertionError("run " + name + " did not end: " + Serialization.asYaml(run(k8s, name).get())
                    + "\n" + Pods.describe(k8s, ns), e);
        }
    }

    private static void create(KubernetesClient k8s, String name, String spec) {
        create(k8s, manifest(name, spec));
    }

    private static void create(KubernetesClient k8s, String yaml) {
        k8s.resource(Serialization.unmarshal(yaml, GenericKubernetesResource.class)).inNamespace(ns).create();
    }

    /** Client pods on the real node (the only node that runs pods here), with the broker taint tolerated. */
    private static String manifest(String name, String spec) {
        return """
                apiVersion: brokerwise.io/v1alpha1
                kind: BenchmarkRun
                metadata: {name: %s}
                spec:
                  topologyRef: {name: %s}
                  %s
                  clients:
                    cpu: 500m
                    memory: 512Mi
                    nodeSelector: {kubernetes.io/hostname: brokerwise-node}
                    tolerations: [{key: brokerwise.io/broker-node, operator: Exists, effect: NoSchedule}]
                """.formatted(name, TOPOLOGY, spec);
    }

    /** The run's own brokers, pods and StatefulSet, gone once it ended. */
    private static void awaitTemporaryBrokersGone(KubernetesClient k8s, String brokers) {
        try {
            k8s.pods().inNamespace(ns).withLabel("app.kubernetes.io/instance", brokers)
                    .informOnCondition(List::isEmpty).get(2, TimeUnit.MINUTES);
        } catch (Exception e) {
            throw new AssertionError("the run's brokers " + brokers + " are still there: " + Pods.describe(k8s, ns), e);
        }
        assertTrue(k8s.apps().statefulSets().inNamespace(ns).withName(brokers + "-broker").get() == null);
    }

    private static void awaitNoClientPods(KubernetesClient k8s, String run) {
        try {
            k8s.pods().inNamespace(ns).withLabel("brokerwise.io/benchmark-run", run).informOnCondition(List::isEmpty)
                    .get(2, TimeUnit.MINUTES);
        } catch (Exception e) {
            throw new AssertionError("client pods of " + run + " still there: " + Pods.describe(k8s, ns), e);
        }
        assertTrue(k8s.batch().v1().jobs().inNamespace(ns).withLabel("brokerwise.io/benchmark-run", run).list()
                .getItems().isEmpty(), "the Job went with its pods");
    }

    private static Resource<GenericKubernetesResource> run(KubernetesClient k8s, String name) {
        return k8s.genericKubernetesResources("brokerwise.io/v1alpha1", "BenchmarkRun").inNamespace(ns).withName(name);
    }

    private static Map<String, Object> status(GenericKubernetesResource r) {
        return r == null || r.getAdditionalProperties().get("status") == null ? Map.of()
                : map(r.getAdditionalProperties().get("status"));
    }

    private static Map<String, Object> succeeded(GenericKubernetesResource r) {
        List<Map<String, Object>> conditions = list(status(r).get("conditions"));
        return conditions.stream().filter(c -> "Succeeded".equals(c.get("type"))).findFirst().orElse(Map.of());
    }

    /**
     * The first repeat of a saturated run on freshly started quarter-core brokers can end with copies still queued
     * when the drain ends (a CI run saw 35,106 of 129,100). The run must then say so, not hide it; the last repeat,
     * on warm brokers, must count exactly what the brokers counted.
     *
     * @return the last repeat
     */
    private static Map<String, Object> assertWarmestRepeatCountsWhatTheBrokersCount(Map<String, Object> status) {
        List<Map<String, Object>> points = points(status);
        for (Map<String, Object> p : points) {
            if (!Boolean.TRUE.equals(p.get("countsMatchBrokers"))) {
                assertEquals(Boolean.FALSE, p.get("valid"), "a point whose counts differ is not valid: " + p);
                assertTrue(String.valueOf(p.get("problems")).contains("counts differ"), "and says why: " + p);
            }
        }
        Map<String, Object> last = points.get(points.size() - 1);
        assertEquals(Boolean.TRUE, last.get("countsMatchBrokers"), Serialization.asYaml(status));
        return last;
    }

    private static List<Map<String, Object>> points(Map<String, Object> status) {
        return list(status.get("points"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Object o) {
        return o == null ? List.of() : (List<Map<String, Object>>) o;
    }

    private static double value(List<Metric> metrics, String name, Class<? extends Metric> type) {
        Metric m = metrics.stream().filter(x -> x.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name));
        assertTrue(type.isInstance(m), name + " is a " + m.getType());
        return m instanceof Counter c ? c.getValue() : ((Gauge) m).getValue();
    }

    private static String decoded(String base64) {
        return new String(java.util.Base64.getDecoder().decode(base64), java.nio.charset.StandardCharsets.UTF_8);
    }
}
