package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A restarted operator sees every topology afresh and reconciles it again: that must neither duplicate
 * nor lose nor change anything (the broker password above all). Here the fresh passes are forced on a
 * running operator; the cluster tier restarts the operator pod itself. Also: the operator's Micrometer
 * metrics are served for Prometheus.
 */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class RestartAndMetricsTest {

    final KubernetesClient client = LocalApiServerResource.adminClient();

    @ConfigProperty(name = "quarkus.http.test-port")
    int port;

    @Test
    void reconcilingAgainChangesNothingAndDuplicatesNothing() throws Exception {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes("again", 16);
        PubSubTopology t = cluster.apply(PubSubTopologyReconcilerTest.topology("presence", "again", "again", ""));
        cluster.await(t, "Deployed", "True", "Applied");
        Map<String, String> before = owned("again");
        for (int pass = 0; pass < 3; pass++) {
            // a label change is an event but not a spec change: a full pass over unchanged inputs. With it the approve
            // annotation, which approves nothing here (the plan runs already) and which the operator takes away once
            // that pass has applied every dependent: it is gone when the pass has done whatever it was going to do.
            final int n = pass;
            cluster.merge(t, "{\"metadata\": {\"labels\": {\"pass\": \"" + n + "\"}, \"annotations\": {\""
                    + Names.APPROVE_ANNOTATION + "\": \"true\"}}}");
            org.awaitility.Awaitility.await().atMost(TestCluster.WAIT).until(() -> {
                var metadata = cluster.get(t).getMetadata();
                return String.valueOf(n).equals(metadata.getLabels().get("pass"))
                        && (metadata.getAnnotations() == null
                        || !metadata.getAnnotations().containsKey(Names.APPROVE_ANNOTATION));
            });
        }
        assertEquals(before, owned("again"), "same objects, same resource versions: nothing rewritten, added or lost");
    }

    @Test
    void metricsAreServedForPrometheus() throws Exception {
        TestCluster cluster = new TestCluster(client);
        cluster.namespace("metrics");
        cluster.node("metrics-node-0", "metrics");
        PubSubTopology t = cluster.apply(PubSubTopologyReconcilerTest.topology("presence", "metrics", "metrics", ""));
        cluster.await(t, "Planned", "False", "MaxBrokers", "(1 dedicated nodes match)");
        String body = metrics();
        for (String metric : List.of("brokerwise_reconciliations_total", "brokerwise_reconcile_time_seconds_count",
            "brokerwise_plan_time_seconds_count")) {
            assertTrue(body.contains(metric), metric + " missing from /q/metrics");
        }
        // the model's numbers, labelled for the dashboards' joins: the closest layout of an infeasible plan
        long brokers = cluster.get(t).getStatus().plan.brokers;
        String labels = "namespace=\"metrics\",topology=\"presence\"";
        org.awaitility.Awaitility.await().atMost(TestCluster.WAIT).until(() -> metrics().contains(
                "brokerwise_topology_condition{condition=\"Planned\",namespace=\"metrics\",status=\"False\","
                        + "topology=\"presence\"} 1.0"));
        String model = metrics();
        assertTrue(model.contains("brokerwise_topology_brokers{" + labels + "} " + (double) brokers), model);
        assertTrue(model.contains("brokerwise_topology_feasible{" + labels + "} 0.0"), model);
        assertTrue(model.contains("brokerwise_topology_predicted_utilization{namespace=\"metrics\",pod=\"presence-broker-0\","
                + "topology=\"presence\"}"), model);
        client.resource(t).delete();
        org.awaitility.Awaitility.await().atMost(TestCluster.WAIT).until(() -> !metrics().contains(labels));
    }

    private String metrics() throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://localhost:" + port
                + "/q/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
    }


    /** Name to resource version of every object the topology owns, by kind. */
    private Map<String, String> owned(String ns) {
        var selector = Map.of("app.kubernetes.io/managed-by", "brokerwise-operator");
        return Stream.of(
                client.secrets().inNamespace(ns).withLabels(selector).list().getItems().stream(),
                client.configMaps().inNamespace(ns).withLabels(selector).list().getItems().stream(),
                client.services().inNamespace(ns).withLabels(selector).list().getItems().stream(),
                client.apps().statefulSets().inNamespace(ns).withLabels(selector).list().getItems().stream(),
                client.policy().v1().podDisruptionBudget().inNamespace(ns).withLabels(selector).list().getItems().stream(),
                client.network().v1().networkPolicies().inNamespace(ns).withLabels(selector).list().getItems().stream())
                .flatMap(s -> s.map(o -> (HasMetadata) o))
                .collect(Collectors.toMap(o -> o.getKind() + "/" + o.getMetadata().getName(),
                        o -> o.getMetadata().getResourceVersion()));
    }
}
