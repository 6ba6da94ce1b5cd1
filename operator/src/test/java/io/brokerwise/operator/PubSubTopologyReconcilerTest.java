package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.routing.RoutingMapCodec;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The operator against a real API server, running as the Helm chart's ServiceAccount with the chart's
 * RBAC: status, conditions, events and dependents through planning, approval, deployment and
 * infeasibility; a permission the chart lacks fails these tests. No kubelet runs here: the tests create
 * Nodes and mark broker Pods Ready themselves, as a kubelet would; the cluster tier runs real brokers.
 */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class PubSubTopologyReconcilerTest {

    /** Cluster admin for setup and checks; the operator itself runs as the chart's ServiceAccount. */
    final KubernetesClient client = LocalApiServerResource.adminClient();

    @Inject
    KubernetesClient operatorClient;

    /** The operator's identity is really limited: what the chart does not grant is refused. */
    @Test
    void theOperatorRunsAsTheChartsServiceAccount() {
        assertEquals("system:serviceaccount:brokerwise-system:brokerwise-operator",
                operatorClient.getConfiguration().getImpersonateUsername());
        new TestCluster(client).node("rbac-probe", "rbac");
        var refused = org.junit.jupiter.api.Assertions.assertThrows(io.fabric8.kubernetes.client.KubernetesClientException.class,
                () -> operatorClient.nodes().withName("rbac-probe").delete());
        assertEquals(403, refused.getCode());
        client.nodes().withName("rbac-probe").delete();
    }

    @Test
    void theChartsOperatorPodIsRestrictedAsTheBrokers() throws Exception {
        new TestCluster(client).assertAdmittedAsRestricted(ChartTest.operatorDeployment().getSpec().getTemplate().getSpec(),
                "operator");
    }

    static String topology(String name, String ns, String pool, String extra) {
        return """
                apiVersion: brokerwise.io/v1alpha1
                kind: PubSubTopology
                metadata: {name: %s, namespace: %s}
                spec:
                  workload:
                    publishers: 200
                    messageRatePerPublisher: 50
                    subscribers: 2000
                    filtersPerSubscriber: 1
                    replicationGrade: {mean: 20}
                  profileRef: {name: henjes-activemq}
                  objectives: {maxUtilization: 0.8, waitingTime: {quantile: 0.9999, max: 5ms}}
                  placement:
                    nodeSelector: {pool: %s}
                    tolerations: [{key: brokerwise.io/broker-node, operator: Exists, effect: NoSchedule}]
                %s
                """.formatted(name, ns, pool, extra);
    }

    @Test
    void plansDeploysAndMovesTheRoutingMapOnlyOnceBrokersAreReady() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes("deploy", 16);
        PubSubTopology t = cluster.apply(topology("presence", "deploy", "deploy", ""));
        cluster.await(t, "Planned", "True", "Planned");
        cluster.await(t, "Deployed", "True", "Applied");
        var status = cluster.get(t).getStatus();
        long brokers = status.plan.brokers;
        assertTrue(status.plan.feasible);
        assertEquals(brokers, (long) status.plan.publisherGroups * status.plan.subscriberGroups);
        assertEquals("henjes-activemq-application-property", status.profile.name);
        assertFalse(status.alternatives.isEmpty());

        StatefulSet sts = client.apps().statefulSets().inNamespace("deploy").withName("presence-broker").get();
        assertEquals(brokers, (long) sts.getSpec().getReplicas());
        assertEquals(status.plan.publisherGroups + "x" + status.plan.subscriberGroups,
                sts.getMetadata().getAnnotations().get("brokerwise.io/layout"));
        var container = sts.getSpec().getTemplate().getSpec().getContainers().get(0);
        assertEquals(container.getResources().getRequests(), container.getResources().getLimits(), "Guaranteed QoS");
        assertNotNull(sts.getSpec().getTemplate().getSpec().getAffinity().getPodAntiAffinity());
        assertEquals(Map.of("pool", "deploy"), sts.getSpec().getTemplate().getSpec().getNodeSelector());
        cluster.assertAdmittedAsRestricted(sts.getSpec().getTemplate().getSpec(), "broker");

        var secret = client.secrets().inNamespace("deploy").withName("presence-broker-credentials").get();
        assertTrue(secret.getData().get("ARTEMIS_PASSWORD").length() > 10);
        assertTrue(client.configMaps().inNamespace("deploy").withName("presence-broker-config").get()
                .getData().get("broker.xml").contains("presence"));
        assertEquals("None", client.services().inNamespace("deploy").withName("presence-brokers").get().getSpec().getClusterIP());
        assertNotNull(client.policy().v1().podDisruptionBudget().inNamespace("deploy").withName("presence-brokers").get());
        var policy = client.network().v1().networkPolicies().inNamespace("deploy").withName("presence-brokers").get();
        assertEquals(sts.getSpec().getSelector().getMatchLabels(), policy.getSpec().getPodSelector().getMatchLabels(),
                "the policy guards the StatefulSet's brokers");
        assertEquals(Map.of("brokerwise.io/client-of", "presence"),
                policy.getSpec().getIngress().get(0).getFrom().get(0).getPodSelector().getMatchLabels());
        assertOwnedByTheTopology(cluster.get(t).getMetadata().getUid(), sts, secret,
                client.configMaps().inNamespace("deploy").withName("presence-broker-config").get(),
                client.configMaps().inNamespace("deploy").withName("presence-routing").get(),
                client.services().inNamespace("deploy").withName("presence-brokers").get(),
                client.policy().v1().podDisruptionBudget().inNamespace("deploy").withName("presence-brokers").get(), policy);

        // no broker is Ready yet: the routing map names none, and Ready says what is missing
        assertTrue(routing("deploy", "presence").getData() == null || routing("deploy", "presence").getData().isEmpty());
        var ready = cluster.await(t, "Ready", "False", "BrokersNotReady");
        assertTrue(ready.getMessage().startsWith("0 of " + brokers), ready.getMessage());

        for (int i = 0; i < brokers - 1; i++) {
            cluster.readyBrokerPod(t, i);
        }
        cluster.await(t, "Ready", "False", "BrokersNotReady");
        assertTrue(routing("deploy", "presence").getData() == null || routing("deploy", "presence").getData().isEmpty(),
                "one broker short: still no map");
        cluster.readyBrokerPod(t, (int) brokers - 1);
        cluster.await(t, "Ready", "True", "BrokersReady");
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> routing("deploy", "presence").getData() != null
                && routing("deploy", "presence").getData().containsKey(RoutingMapCodec.CONFIG_MAP_KEY));
        var map = RoutingMapCodec.fromJson(routing("deploy", "presence").getData().get(RoutingMapCodec.CONFIG_MAP_KEY));
        assertEquals(brokers, map.brokers().size());
        assertEquals("presence-broker-0.presence-brokers.deploy.svc:61616", map.broker(0, 0));
    }

    @Test
    void moreBrokersThanDedicatedNodesIsInfeasibleAndDeploysNothing() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespace("scarce");
        cluster.node("scarce-node-0", "scarce");
        cluster.node("scarce-node-1", "scarce");
        PubSubTopology t = cluster.apply(topology("presence", "scarce", "scarce", ""));
        // the first pass may run before the node cache fills; the plan settles on the nodes there are
        var planned = cluster.await(t, "Planned", "False", "MaxBrokers", "(2 dedicated nodes match)");
        assertTrue(planned.getMessage().contains("at most 2 available"), planned.getMessage());
        assertEquals("MaxBrokers", cluster.get(t).getStatus().binding);
        cluster.await(t, "Deployed", "False", "NothingToDeploy");
        assertNull(client.apps().statefulSets().inNamespace("scarce").withName("presence-broker").get());
        assertTrue(client.v1().events().inNamespace("scarce").list().getItems().stream()
                .anyMatch(e -> "MaxBrokers".equals(e.getReason()) && "Warning".equals(e.getType())), "a Warning event");
    }

    @Test
    void manualApprovalHoldsThePlanUntilAnnotated() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes("manual", 16);
        PubSubTopology t = cluster.apply(topology("presence", "manual", "manual", "  approval: Manual"));
        var planned = cluster.await(t, "Planned", "True", "AwaitingApproval");
        assertTrue(planned.getMessage().contains("brokerwise.io/approve=true"), planned.getMessage());
        assertNull(client.apps().statefulSets().inNamespace("manual").withName("presence-broker").get());
        cluster.merge(t, "{\"metadata\": {\"annotations\": {\"brokerwise.io/approve\": \"true\"}}}");
        cluster.await(t, "Deployed", "True", "Applied");
        assertNotNull(client.apps().statefulSets().inNamespace("manual").withName("presence-broker").get());
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> cluster.get(t).getMetadata().getAnnotations() == null
                || !cluster.get(t).getMetadata().getAnnotations().containsKey("brokerwise.io/approve"));
    }

    /**
     * A namespace being deleted refuses new objects. No namespace controller runs on this API server, so the
     * deleted namespace stays Terminating with the topology in it, as it would while a real one empties.
     */
    @Test
    void aTerminatingNamespaceGetsNothingApplied() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes("leaving", 16);
        PubSubTopology t = cluster.apply(topology("presence", "leaving", "leaving", "  approval: Manual"));
        cluster.await(t, "Planned", "True", "AwaitingApproval");
        client.namespaces().withName("leaving").delete();
        Awaitility.await().atMost(TestCluster.WAIT)
                .until(() -> client.namespaces().withName("leaving").get().getMetadata().getDeletionTimestamp() != null);

        cluster.merge(t, "{\"metadata\": {\"annotations\": {\"brokerwise.io/approve\": \"true\"}}}");
        var deployed = cluster.await(t, "Deployed", "False", "NamespaceTerminating");
        assertTrue(deployed.getMessage().contains("leaving"), deployed.getMessage());
        assertNull(client.secrets().inNamespace("leaving").withName("presence-broker-credentials").get());
        assertNull(client.apps().statefulSets().inNamespace("leaving").withName("presence-broker").get());
        assertEquals("AwaitingApproval", cluster.condition(t, "Planned").orElseThrow().getReason(), "the plan's state kept");
        assertNotNull(cluster.get(t).getStatus().plan);
    }

    /**
     * A dependent the API server refuses, here a StatefulSet grown past what a ValidatingAdmissionPolicy of the
     * namespace allows: Deployed turns False with the API server's words instead of keeping the earlier True, the
     * old StatefulSet stays, and once the policy goes the layout is applied without any further change.
     */
    @Test
    void aLayoutTheApiServerRefusesIsReportedAndAppliedOnceAllowed() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes("refused", 16);
        client.resource(ALLOW_12_BROKERS).create();
        client.resource(ALLOW_12_BROKERS_BINDING).create();
        Awaitility.await().atMost(TestCluster.WAIT).alias("the policy is in force")
                .until(() -> refusesStatefulSetOf(13, "refused"));
        PubSubTopology t = cluster.apply(topology("presence", "refused", "refused", ""));
        cluster.await(t, "Deployed", "True", "Applied", "12 brokers");

        cluster.merge(t, "{\"spec\": {\"workload\": {\"messageRatePerPublisher\": 70}}}");
        var refused = cluster.await(t, "Deployed", "False", "ApplyFailed", "at most 12 brokers");
        assertTrue(refused.getMessage().startsWith("Grid 5x3 not applied: StatefulSet: "), refused.getMessage());
        assertEquals("Planned", cluster.condition(t, "Planned").orElseThrow().getReason());
        assertEquals(12, client.apps().statefulSets().inNamespace("refused").withName("presence-broker").get()
                .getSpec().getReplicas(), "the running StatefulSet is kept");
        assertTrue(client.v1().events().inNamespace("refused").list().getItems().stream()
                .anyMatch(e -> "ApplyFailed".equals(e.getReason()) && "Warning".equals(e.getType())), "a Warning event");

        client.resource(ALLOW_12_BROKERS_BINDING).delete();
        cluster.await(t, "Deployed", "True", "Applied", "15 brokers");
        assertEquals(15, client.apps().statefulSets().inNamespace("refused").withName("presence-broker").get()
                .getSpec().getReplicas());
        client.resource(ALLOW_12_BROKERS).delete();
    }

    private static final String ALLOW_12_BROKERS = """
            apiVersion: admissionregistration.k8s.io/v1
            kind: ValidatingAdmissionPolicy
            metadata: {name: allow-12-brokers}
            spec:
              failurePolicy: Fail
              matchConstraints:
                resourceRules:
                  - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [statefulsets]}
              validations:
                - {expression: "object.spec.replicas <= 12", message: "this namespace allows at most 12 brokers"}
            """;

    private static final String ALLOW_12_BROKERS_BINDING = """
            apiVersion: admissionregistration.k8s.io/v1
            kind: ValidatingAdmissionPolicyBinding
            metadata: {name: allow-12-brokers}
            spec:
              policyName: allow-12-brokers
              validationActions: [Deny]
              matchResources:
                namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: refused}}
            """;

    /** Whether a dry run of a StatefulSet of this many replicas is refused in the namespace by the policy. */
    private boolean refusesStatefulSetOf(int replicas, String ns) {
        var probe = new io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder().withNewMetadata().withName("probe")
                .endMetadata().withNewSpec().withReplicas(replicas).withNewSelector().addToMatchLabels("app", "probe")
                .endSelector().withNewTemplate().withNewMetadata().addToLabels("app", "probe").endMetadata()
                .withNewSpec().addNewContainer().withName("c").withImage("probe").endContainer().endSpec().endTemplate()
                .endSpec().build();
        try {
            client.apps().statefulSets().inNamespace(ns).resource(probe).dryRun().create();
            return false;
        } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
            return e.getMessage().contains("at most 12 brokers");
        }
    }

    /**
     * A paused topology is left alone: a StatefulSet scaled by hand stays so, and a new spec is neither planned nor
     * applied. Once the annotation goes, the operator plans the new spec and applies its layout again.
     */
    @Test
    void aPausedTopologyIsLeftAloneAndResumes() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes("paused", 16);
        PubSubTopology t = cluster.apply(topology("presence", "paused", "paused", ""));
        cluster.await(t, "Deployed", "True", "Applied");
        var brokers = client.apps().statefulSets().inNamespace("paused").withName("presence-broker");
        int applied = brokers.get().getSpec().getReplicas();
        cluster.merge(t, "{\"metadata\": {\"annotations\": {\"brokerwise.io/paused\": \"true\"}}}");
        cluster.await(t, "Paused", "True", "ReconciliationPaused");

        brokers.edit(s -> {
            s.getSpec().setReplicas(applied + 3);
            return s;
        });
        cluster.merge(t, "{\"spec\": {\"workload\": {\"publishers\": 100}}}");
        long edited = cluster.get(t).getMetadata().getGeneration();
        // the pass for the new spec has run once the Paused condition carries its generation
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> cluster.condition(t, "Paused")
                .map(c -> c.getObservedGeneration() == edited).orElse(false));
        assertEquals(applied + 3, brokers.get().getSpec().getReplicas(), "the hand edit stays");
        assertTrue(cluster.get(t).getStatus().observedGeneration < edited, "the new spec is not planned");

        cluster.merge(t, "{\"metadata\": {\"annotations\": {\"brokerwise.io/paused\": null}}}");
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> cluster.get(t).getStatus().observedGeneration == edited
                && cluster.condition(t, "Paused").isEmpty());
        cluster.await(t, "Planned", "True", "Planned");
        cluster.await(t, "Deployed", "True", "Applied");
        assertTrue(cluster.get(t).getStatus().plan.brokers < applied, "half the publishers, fewer brokers");
        // the brokers beyond the new layout hold no client the operator can read: they go
        Awaitility.await().atMost(TestCluster.WAIT).untilAsserted(() -> assertEquals(
                cluster.get(t).getStatus().plan.brokers, (long) brokers.get().getSpec().getReplicas(),
                "replicas against the plan's brokers; conditions " + cluster.get(t).getStatus().conditions));
    }

    /**
     * The message quotes the selector as written, here with a control character (DEL), which the API server refuses
     * in a status patch: the condition still arrives, the character escaped.
     */
    @Test
    void noMatchingNodeSaysSo() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespace("nonodes");
        PubSubTopology t = cluster.apply(topology("presence", "nonodes", "\"no-such-pool\\x7f\"", ""));
        var planned = cluster.await(t, "Planned", "False", "NoDedicatedNodes");
        assertTrue(planned.getMessage().contains("no-such-pool\\u007f"), planned.getMessage());
    }

    /**
     * Deleting the topology deletes what it owns through these references (Kubernetes' garbage collector,
     * which runs on the cluster tier; this API server has no controllers).
     */
    private static void assertOwnedByTheTopology(String uid, io.fabric8.kubernetes.api.model.HasMetadata... owned) {
        for (var o : owned) {
            var refs = o.getMetadata().getOwnerReferences();
            assertTrue(refs.size() == 1 && uid.equals(refs.get(0).getUid()) && "PubSubTopology".equals(refs.get(0).getKind()),
                    o.getKind() + " " + o.getMetadata().getName() + ": " + refs);
        }
    }

    private ConfigMap routing(String ns, String name) {
        return client.configMaps().inNamespace(ns).withName(name + "-routing").get();
    }
}
