package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A manifest with only spec.workload, on a real API server with the checked-in CRDs (their defaults)
 * and the operator as the chart installs it: it plans with the built-in Artemis profile and deploys on
 * the nodes labelled and tainted brokerwise.io/broker-node=true; with no matching node, status still
 * shows the plan the workload would need and why nothing is deployed.
 */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class TopologyDefaultsTest {

    static final String BROKER_NODE = "brokerwise.io/broker-node";

    final KubernetesClient client = LocalApiServerResource.adminClient();

    static String workloadOnly(String name, String ns, String extra) {
        return """
                apiVersion: brokerwise.io/v1alpha1
                kind: PubSubTopology
                metadata: {name: %s, namespace: %s}
                spec:
                  workload: {publishers: 10, messageRatePerPublisher: 100, subscribers: 100, replicationGrade: {mean: 2}}
                %s
                """.formatted(name, ns, extra);
    }

    @Test
    void onlyTheWorkloadPlansAndDeploysOnTheDedicatedNodes() throws Exception {
        TestCluster cluster = new TestCluster(client);
        cluster.namespace("defaults");
        cluster.node("defaults-node-0", Map.of(BROKER_NODE, "true"));
        cluster.node("defaults-node-1", Map.of(BROKER_NODE, "true"));
        PubSubTopology t = cluster.apply(workloadOnly("minimal", "defaults", ""));
        cluster.await(t, "Planned", "True", "Planned");
        cluster.await(t, "Deployed", "True", "Applied");

        var status = cluster.get(t).getStatus();
        assertTrue(status.plan.feasible);
        assertEquals("artemis-2.56-halfcore-nonpersistent", status.profile.name);
        var pod = client.apps().statefulSets().inNamespace("defaults").withName("minimal-broker").get()
                .getSpec().getTemplate().getSpec();
        assertEquals(Map.of(BROKER_NODE, "true"), pod.getNodeSelector());
        assertTrue(pod.getTolerations().stream().anyMatch(tol -> BROKER_NODE.equals(tol.getKey())
                && "Exists".equals(tol.getOperator()) && "NoSchedule".equals(tol.getEffect())), pod.getTolerations().toString());
        assertEquals(new Quantity("500m"), pod.getContainers().get(0).getResources().getLimits().get("cpu"),
                "the size the default profile was calibrated at");
        assertEquals(LocalApiServerResource.chartConfiguration(ChartTest.operatorDeployment()).get("brokerwise.broker.image"),
                pod.getContainers().get(0).getImage(), "the chart's broker image");
    }

    @Test
    void withoutMatchingNodesStatusShowsThePlanItWouldNeedAndWhy() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespace("unplaced");
        PubSubTopology t = cluster.apply(workloadOnly("minimal", "unplaced", "  placement: {nodeSelector: {pool: nowhere}}"));
        var planned = cluster.await(t, "Planned", "False", "NoDedicatedNodes", "status.plan needs 1 broker");
        assertTrue(planned.getMessage().contains("pool=nowhere"), planned.getMessage());
        cluster.await(t, "Deployed", "False", "NothingToDeploy");

        var status = cluster.get(t).getStatus();
        assertNotNull(status.plan, "the plan the workload would need");
        assertEquals(1L, status.plan.brokers);
        assertTrue(status.plan.feasible);
        assertEquals("artemis-2.56-halfcore-nonpersistent", status.profile.name);
        assertNull(client.apps().statefulSets().inNamespace("unplaced").withName("minimal-broker").get());
    }
}
