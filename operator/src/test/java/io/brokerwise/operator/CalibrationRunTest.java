package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.BrokerProfileSpec;
import io.brokerwise.api.v1alpha1.BrokerProfileStatus;
import io.brokerwise.api.v1alpha1.CalibrationSpec;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.measure.contract.BenchmarkPlan;
import io.brokerwise.measure.contract.CalibrationFit;
import io.brokerwise.measure.contract.CalibrationGrid;
import io.brokerwise.measure.contract.CalibrationPoint;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.operator.benchmark.CalibratedProfile;
import io.brokerwise.operator.benchmark.CalibratedProfileTest;
import io.brokerwise.routing.RoutingMapCodec;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.StringReader;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * BenchmarkRuns of mode Calibrate against a real API server, as the chart's ServiceAccount: the temporary broker
 * a run owns, the Job that waits for it, the run failing with the reason and leaving no broker behind, a profile
 * written by hand left alone, and a topology that names a profile re-planning when a calibration rewrites it. No
 * kubelet, StatefulSet or Job controller runs here: the test sets their status as those would. The cluster tier
 * (BenchmarkRunOnRealNodeTest) runs a calibration on a real node to its profile.
 */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class CalibrationRunTest {

    final KubernetesClient client = LocalApiServerResource.adminClient();
    final TestCluster cluster = new TestCluster(client);

    @Inject
    KubernetesClient operatorClient;

    @Test
    void aCalibrationMeasuresATemporaryBrokerOfItsOwnAndRemovesItWhenItEnds() {
        cluster.namespace("calibrate");
        BenchmarkRun run = apply(calibration("cal", "calibrate", "artemis-250m",
                "    filterComponents: [1, 4]\n    filterShape: In"));
        StatefulSet broker = await(() -> client.apps().statefulSets().inNamespace("calibrate")
                .withName("cal-calibration-broker").get());
        assertEquals(uid(run), broker.getMetadata().getOwnerReferences().get(0).getUid(), "owned by the run");
        assertEquals(1, broker.getSpec().getReplicas());
        var pod = broker.getSpec().getTemplate().getSpec();
        assertEquals("true", pod.getNodeSelector().get("brokerwise.io/broker-node"), "the topologies' default placement");
        assertEquals("brokerwise.io/broker-node", pod.getTolerations().get(0).getKey());
        assertEquals("250m", pod.getContainers().get(0).getResources().getLimits().get("cpu").toString());
        assertEquals("cal-calibration-broker-config", pod.getVolumes().get(0).getConfigMap().getName());
        var map = RoutingMapCodec.fromJson(await(() -> client.configMaps().inNamespace("calibrate")
                .withName("cal-calibration-routing").get()).getData().get(RoutingMapCodec.CONFIG_MAP_KEY));
        assertEquals(List.of("cal-calibration-broker-0.cal-calibration-brokers.calibrate.svc:61616"), map.brokers());
        assertEquals(List.of("cal-calibration"), map.topics());
        // TLS like a topology's brokers, with a CA and a certificate of its own, the CA in its clients' Secret
        var certificates = await(() -> client.secrets().inNamespace("calibrate").withName("cal-calibration-broker-tls")
                .get()).getData();
        assertTrue(certificates.containsKey("cal-calibration-broker-0.crt")
                && certificates.containsKey("cal-calibration-broker-0.key"), certificates.keySet().toString());
        assertEquals(certificates.get("ca.crt"), await(() -> client.secrets().inNamespace("calibrate")
                .withName("cal-calibration-broker-credentials").get()).getData().get("ARTEMIS_CA"));
        assertTrue(pod.getVolumes().stream().anyMatch(v -> v.getSecret() != null
                && "cal-calibration-broker-tls".equals(v.getSecret().getSecretName())));
        Condition starting = cluster.await(run, "Unknown", "BrokerStarting");
        assertTrue(starting.getMessage().contains("cal-calibration-broker-0"), starting.getMessage());
        assertNull(client.batch().v1().jobs().inNamespace("calibrate").withName("cal-clients").get(),
                "no Job before the broker is Ready");
        Pod unplaced = client.pods().inNamespace("calibrate").resource(new PodBuilder().withNewMetadata()
                .withName("cal-calibration-broker-0").endMetadata().withSpec(broker.getSpec().getTemplate().getSpec())
                .build()).create();
        unplaced.setStatus(new PodStatusBuilder().withPhase("Pending").addNewCondition().withType("PodScheduled")
                .withStatus("False").withReason("Unschedulable")
                .withMessage("0/1 nodes are available: 1 Insufficient memory.").endCondition().build());
        client.pods().inNamespace("calibrate").resource(unplaced).updateStatus();
        Awaitility.await().atMost(TestCluster.WAIT).alias("the scheduler's reason in BrokerStarting").until(() -> cluster
                .await(run, "Unknown", "BrokerStarting").getMessage().contains(
                        "cal-calibration-broker-0: cannot be scheduled: 0/1 nodes are available: 1 Insufficient memory."));

        cluster.readyAsTheStatefulSetControllerWould(broker, 1);
        cluster.await(run, "Unknown", "Started");
        Job job = await(() -> client.batch().v1().jobs().inNamespace("calibrate").withName("cal-clients").get());
        var clients = job.getSpec().getTemplate().getSpec();
        assertEquals("cal-calibration-routing", clients.getVolumes().get(0).getConfigMap().getName());
        assertTrue(clients.getContainers().get(0).getEnv().stream().anyMatch(e -> e.getValueFrom() != null
                && "cal-calibration-broker-credentials".equals(e.getValueFrom().getSecretKeyRef().getName())));
        BenchmarkPlan plan = plan(job);
        assertEquals(8, plan.points().size(), "r in {1, 2} x m_add in {5, 20} x filters of 1 and 4 components");
        assertEquals(2, plan.points().get(7).design().r());
        assertEquals(20, plan.points().get(7).design().mAdd());
        assertEquals(List.of(1, 4), plan.points().subList(0, 2).stream().map(p -> p.design().components()).toList());
        assertEquals(SelectorDesign.Shape.in, plan.points().get(1).design().shape());

        cluster.failAsTheJobControllerWould(job);
        Condition failed = cluster.await(run, "False", "JobFailed");
        assertTrue(failed.getMessage().contains("DeadlineExceeded"), failed.getMessage());
        awaitGone(() -> client.apps().statefulSets().inNamespace("calibrate").withName("cal-calibration-broker").get());
        awaitGone(() -> client.services().inNamespace("calibrate").withName("cal-calibration-brokers").get());
        awaitGone(() -> client.configMaps().inNamespace("calibrate").withName("cal-calibration-broker-config").get());
        awaitGone(() -> client.configMaps().inNamespace("calibrate").withName("cal-calibration-routing").get());
        awaitGone(() -> client.secrets().inNamespace("calibrate").withName("cal-calibration-broker-credentials").get());
        awaitGone(() -> client.secrets().inNamespace("calibrate").withName("cal-calibration-broker-management").get());
        awaitGone(() -> client.secrets().inNamespace("calibrate").withName("cal-calibration-broker-tls").get());
        awaitGone(() -> client.batch().v1().jobs().inNamespace("calibrate").withName("cal-clients").get());
        assertNull(client.resources(BrokerProfile.class).inNamespace("calibrate").withName("artemis-250m").get());
    }

    @Test
    void aProfileWrittenByHandIsNeverOverwritten() {
        cluster.namespace("handwritten");
        client.resource(profile("mine", "handwritten", 1e-4)).create();
        BenchmarkRun run = apply(calibration("cal", "handwritten", "mine", ""));
        Condition refused = cluster.await(run, "False", "ProfileNotCalibrated");
        assertTrue(refused.getMessage().contains("BrokerProfile mine exists"), refused.getMessage());
        awaitGone(() -> client.apps().statefulSets().inNamespace("handwritten").withName("cal-calibration-broker").get());
        assertEquals(1e-4, client.resources(BrokerProfile.class).inNamespace("handwritten").withName("mine").get()
                .getSpec().parameters.receiveSeconds);
    }

    @Test
    void aTopologyNamingARecalibratedProfileReplansAndManualApprovalHoldsTheNewPlan() {
        cluster.namespaceWithNodes("recal", 16);
        client.resource(profile("own", "recal", 40e-6)).create();
        PubSubTopology t = cluster.apply(PubSubTopologyReconcilerTest.topology("uses", "recal", "recal", "  approval: Manual")
                .replace("henjes-activemq", "own").replace("publishers: 200", "publishers: 20")
                .replace("subscribers: 2000", "subscribers: 200").replace("replicationGrade: {mean: 20}",
                        "replicationGrade: {mean: 5}"));
        cluster.await(t, "Planned", "True", "AwaitingApproval");
        cluster.merge(t, "{\"metadata\": {\"annotations\": {\"brokerwise.io/approve\": \"true\"}}}");
        cluster.await(t, "Deployed", "True", "Applied");
        long deployed = cluster.get(t).getStatus().plan.brokers;
        assertEquals(2, deployed, "SSR 1x2 with the first profile");

        // a calibration rewrites the profile: its broker turned out four times as fast
        client.resources(BrokerProfile.class).inNamespace("recal").withName("own").edit(p -> {
            p.getSpec().parameters.receiveSeconds = 10e-6;
            p.getSpec().parameters.filterSeconds = p.getSpec().parameters.filterSeconds / 4;
            p.getSpec().parameters.dispatchSeconds = p.getSpec().parameters.dispatchSeconds / 4;
            return p;
        });
        cluster.await(t, "Planned", "True", "AwaitingApproval");
        Awaitility.await().atMost(TestCluster.WAIT).alias("re-planned with the new profile")
                .until(() -> cluster.get(t).getStatus().plan.brokers == 1);
        assertEquals(deployed, client.apps().statefulSets().inNamespace("recal").withName("uses-broker").get()
                .getSpec().getReplicas().longValue(), "the running brokers wait for approval");
    }

    @Test
    void calibrateAndTheOtherModesNameWhatTheyMeasure() {
        cluster.namespace("rules");
        assertRejected(calibration("a", "rules", "p", "  topologyRef: {name: t}"), "leave out topologyRef");
        assertRejected(calibration("b", "rules", "p", "").replace("mode: Calibrate", "mode: Saturate"),
                "modes Saturate and Rate need topologyRef");
        assertRejected(calibration("f", "rules", "p", "  layout: 1x2"), "leave out layout");
        assertRejected(BenchmarkRunReconcilerTest.run("g", "rules", "t") + "  layout: 2by1\n", "spec.layout");
        assertRejected(calibration("c", "rules", "p", "").replace("holdoutEvery: 0", "holdoutEvery: 1"),
                "spec.calibration.holdoutEvery");
        assertRejected(calibration("d", "rules", "p", "").replace("replicationGrades: [1, 2]", "replicationGrades: [1]"),
                "spec.calibration.replicationGrades");
        BenchmarkRun defaults = apply(calibration("e", "rules", "p", "").replace("    holdoutEvery: 0\n", "")
                .replace("    replicationGrades: [1, 2]\n", ""));
        assertEquals(4, defaults.getSpec().calibration.holdoutEvery);
        assertEquals(List.of(1, 2, 5, 10, 20), defaults.getSpec().calibration.replicationGrades);
        assertEquals("1Gi", defaults.getSpec().calibration.broker.memory);
        assertEquals(CalibrationSpec.Model.Auto, defaults.getSpec().calibration.model);
        assertEquals(List.of(1), defaults.getSpec().calibration.filterComponents);
        assertEquals(CalibrationSpec.FilterShape.Or, defaults.getSpec().calibration.filterShape);
        client.resource(defaults).delete();
        assertRejected(calibration("h", "rules", "p", "    filterComponents: [1, 0]"), "spec.calibration.filterComponents");
    }

    /**
     * A profile of model Auto written as the operator writes it, with its ServiceAccount: the API server keeps the
     * model the points chose and every candidate's held-out error in status; a later calibration that asks for a
     * model replaces the profile, and no selection is left over from the first.
     */
    @Test
    void aChosenModelKeepsEveryCandidatesHeldOutErrorUntilACalibrationOfAGivenModelReplacesIt() throws Exception {
        cluster.namespace("chosen");
        BenchmarkRun run = CalibratedProfileTest.run("cal", "chosen", "artemis-auto");
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 2, 5, 10), List.of(5, 20, 80), List.of(1, 4, 8),
                SelectorDesign.Shape.or, List.of(1024), 4);
        List<CalibrationPoint> points = grid.points(CalibratedProfileTest.rates(grid, CalibratedProfileTest.COMPONENT_COSTS, 5));
        CalibrationFit chosen = CalibrationFit.of(CalibrationFit.AUTO, points, false);
        CalibratedProfile.write(operatorClient, CalibratedProfile.of(run, chosen, points.size(), null, null,
                Instant.now()), points);

        BrokerProfile read = client.resources(BrokerProfile.class).inNamespace("chosen").withName("artemis-auto").get();
        assertEquals(BrokerProfileSpec.Model.FilterLength, read.getSpec().model);
        BrokerProfileStatus.ModelSelectionStatus selection = read.getStatus().modelSelection;
        assertEquals(BrokerProfileSpec.Model.FilterLength, selection.chosen);
        assertEquals(List.of(BrokerProfileSpec.Model.Linear, BrokerProfileSpec.Model.FilterLength,
                BrokerProfileSpec.Model.SublinearDispatch), selection.candidates.stream().map(c -> c.model).toList());
        for (int i = 0; i < 3; i++) {
            assertEquals(chosen.selection().candidates().get(i).heldOutMedianRelativeError(),
                    selection.candidates.get(i).heldOutMedianRelativeError, 1e-15);
        }
        assertEquals(chosen.heldOut().medianRelativeError(), read.getStatus().fit.heldOutMedianRelativeError, 1e-15);
        var stored = new ObjectMapper().readTree(client.configMaps().inNamespace("chosen")
                .withName("artemis-auto-points").get().getData().get(CalibratedProfile.POINTS_KEY));
        assertEquals(36, stored.size());
        assertEquals(8, stored.get(2).get("components").asInt());

        CalibrationFit linear = CalibrationFit.of("Linear", points, false);
        CalibratedProfile.write(operatorClient, CalibratedProfile.of(run, linear, points.size(), null, null,
                Instant.now()), points);
        BrokerProfile replaced = client.resources(BrokerProfile.class).inNamespace("chosen").withName("artemis-auto")
                .get();
        assertEquals(BrokerProfileSpec.Model.Linear, replaced.getSpec().model);
        assertNull(replaced.getStatus().modelSelection, "the model was asked for");
        assertNotEquals(read.getStatus().fit.rSquared, replaced.getStatus().fit.rSquared);
    }

    private void assertRejected(String yaml, String part) {
        var e = assertThrows(KubernetesClientException.class, () -> apply(yaml));
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    static String calibration(String name, String ns, String profile, String extra) {
        return """
                apiVersion: brokerwise.io/v1alpha1
                kind: BenchmarkRun
                metadata: {name: %s, namespace: %s}
                spec:
                  mode: Calibrate
                  duration: 20s
                  warmup: 5s
                  calibration:
                    profileName: %s
                    replicationGrades: [1, 2]
                    additionalFilters: [5, 20]
                    holdoutEvery: 0
                    broker: {cpu: 250m}
                %s
                """.formatted(name, ns, profile, extra);
    }

    static BrokerProfile profile(String name, String ns, double receiveSeconds) {
        return new ManifestReader().add(new StringReader("""
                apiVersion: brokerwise.io/v1alpha1
                kind: BrokerProfile
                metadata: {name: %s, namespace: %s}
                spec:
                  model: Linear
                  parameters: {receiveSeconds: %s, filterSeconds: 4.0e-6, dispatchSeconds: 20.0e-6}
                """.formatted(name, ns, receiveSeconds)), "test").one(BrokerProfile.class);
    }

    private static BenchmarkPlan plan(Job job) {
        String json = job.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().stream()
                .filter(e -> e.getName().equals("BENCHMARK_PLAN")).findFirst().orElseThrow().getValue();
        try {
            return BenchmarkPlan.fromJson(json);
        } catch (java.io.IOException e) {
            throw new AssertionError("the Job's plan does not parse: " + e.getMessage(), e);
        }
    }

    private BenchmarkRun apply(String yaml) {
        return client.resource(new ManifestReader().add(new StringReader(yaml), "test").one(BenchmarkRun.class)).create();
    }

    private String uid(BenchmarkRun run) {
        return cluster.get(run).getMetadata().getUid();
    }


    private static <T extends HasMetadata> T await(Supplier<T> object) {
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> object.get() != null);
        return object.get();
    }

    private static void awaitGone(Supplier<? extends HasMetadata> object) {
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> object.get() == null);
    }


}
