package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.PlanStatus;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapCodec;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Optional;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A topology of several topics (spec.topics) on a real API server: one layout planned for all of them with each
 * topic's share in status, every topic declared in the brokers' broker.xml, and every topic in the routing map once
 * the brokers run it. What measures or scales one topic (autoscaling) is refused for several, naming the field.
 */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class SeveralTopicsTest {

    final KubernetesClient client = LocalApiServerResource.adminClient();

    static String topology(String ns, String extra) {
        return """
                apiVersion: brokerwise.io/v1alpha1
                kind: PubSubTopology
                metadata: {name: market, namespace: %s}
                spec:
                  topics:
                    - name: prices
                      workload: {publishers: 8, messageRatePerPublisher: 1000, subscribers: 20, replicationGrade: {mean: 2}}
                    - name: trades
                      maxWaitingTime: 50ms
                      workload: {publishers: 4, messageRatePerPublisher: 500, subscribers: 4, filtersPerSubscriber: 0,
                                 replicationGrade: {mean: 4}}
                    - name: audit
                      workload: {publishers: 1, messageRatePerPublisher: 10, subscribers: 0, filtersPerSubscriber: 0,
                                 replicationGrade: {mean: 0}}
                  placement: {nodeSelector: {pool: %s}, maxBrokers: 8}
                %s""".formatted(ns, ns, extra);
    }

    /**
     * Every topic planned, declared and routed; a topic withdrawn leaves the map at once, one added enters it once
     * every broker runs the broker.xml that declares it (the test restarts the pods as the StatefulSet would).
     */
    @Test
    void everyTopicIsPlannedDeployedAndRoutedOnOneLayout() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes("topics", 8);
        PubSubTopology t = cluster.apply(topology("topics", ""));
        cluster.await(t, "Deployed", "True", "Applied");
        PlanStatus plan = cluster.get(t).getStatus().plan;
        assertEquals(List.of("prices", "trades", "audit"), plan.destinations.stream().map(s -> s.name).toList());
        assertEquals(plan.utilization, plan.destinations.stream().mapToDouble(s -> s.utilization).sum(), 1e-3,
                "the topics' shares add up to the busiest broker's utilization");
        String xml = client.configMaps().inNamespace("topics").withName("market-broker-config").get().getData()
                .get("broker.xml");
        for (String topic : List.of("prices", "trades", "audit")) {
            assertTrue(xml.contains("<address name=\"" + topic + "\">"), topic + " declared on every broker");
        }
        assertTrue(!xml.contains("<address name=\"market\">"), "no topic is named after the topology");
        for (int i = 0; i < plan.brokers; i++) {
            cluster.readyBrokerPod(t, i);
        }
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> routing().isPresent());
        assertEquals(List.of("prices", "trades", "audit"), routing().orElseThrow().topics());

        // audit withdrawn, news added: audit leaves the map at once, news enters once the brokers run its broker.xml
        cluster.merge(t, """
                {"spec": {"topics": [
                  {"name": "prices", "workload": {"publishers": 8, "messageRatePerPublisher": 1000, "subscribers": 20,
                   "replicationGrade": {"mean": 2}}},
                  {"name": "trades", "maxWaitingTime": "50ms", "workload": {"publishers": 4,
                   "messageRatePerPublisher": 500, "subscribers": 4, "filtersPerSubscriber": 0,
                   "replicationGrade": {"mean": 4}}},
                  {"name": "news", "workload": {"publishers": 1, "messageRatePerPublisher": 10, "subscribers": 1,
                   "filtersPerSubscriber": 0, "replicationGrade": {"mean": 1}}}]}}""");
        Awaitility.await().atMost(TestCluster.WAIT)
                .until(() -> routing().orElseThrow().topics().equals(List.of("prices", "trades")));
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> client.configMaps().inNamespace("topics")
                .withName("market-broker-config").get().getData().get("broker.xml").contains("<address name=\"news\">"));
        int brokers = cluster.get(t).getStatus().plan.brokers.intValue();
        client.pods().inNamespace("topics").withLabels(io.brokerwise.operator.layout.Names.brokerSelector(t)).delete();
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> client.pods().inNamespace("topics")
                .withLabels(io.brokerwise.operator.layout.Names.brokerSelector(t)).list().getItems().isEmpty());
        for (int i = 0; i < brokers; i++) {
            cluster.readyBrokerPod(t, i);
        }
        Awaitility.await().atMost(TestCluster.WAIT)
                .until(() -> routing().orElseThrow().topics().equals(List.of("prices", "trades", "news")));
    }

    @Test
    void autoscalingSeveralTopicsIsRefusedNamingTheField() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes("topics-autoscaled", 2);
        PubSubTopology t = cluster.apply(topology("topics-autoscaled", "  autoscaling: {mode: Recommend}\n"));
        var valid = cluster.await(t, "Valid", "False", "InvalidSpec", "spec.autoscaling");
        assertTrue(valid.getMessage().contains("spec.topics is not autoscaled yet"), valid.getMessage());
        assertNull(client.apps().statefulSets().inNamespace("topics-autoscaled").withName("market-broker").get());
    }

    private Optional<RoutingMap> routing() {
        ConfigMap cm = client.configMaps().inNamespace("topics").withName("market-routing").get();
        return Optional.ofNullable(cm).map(ConfigMap::getData).map(d -> d.get(RoutingMapCodec.CONFIG_MAP_KEY))
                .map(RoutingMapCodec::fromJson);
    }
}
