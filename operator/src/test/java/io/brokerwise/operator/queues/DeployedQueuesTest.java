package io.brokerwise.operator.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.operator.layout.TopologyPlanning;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Which queues a pass deploys, from what planning came to: no API server. */
class DeployedQueuesTest {

    private static final List<Node> NODES = IntStream.range(0, 4).mapToObj(i -> new NodeBuilder()
            .withNewMetadata().withName("n" + i).withLabels(Map.of("pool", "a")).endMetadata()
            .withNewSpec().endSpec()
            .withNewStatus().addNewCondition().withType("Ready").withStatus("True").endCondition().endStatus()
            .build()).toList();

    /** Topology orders, a light topic on the nodes of pool a, with these items of spec.queues. */
    private static PubSubTopology topology(String queues) {
        String topic = "{publishers: 10, messageRatePerPublisher: 5, subscribers: 20, replicationGrade: {mean: 20}}";
        return new ManifestReader().add(new StringReader("apiVersion: brokerwise.io/v1alpha1\nkind: PubSubTopology\n"
                + "metadata: {name: orders, namespace: ns}\nspec:\n  workload: " + topic + "\n"
                + "  placement: {nodeSelector: {pool: a}}\n  queues:\n" + queues.indent(4)), "test")
                .one(PubSubTopology.class);
    }

    /** Each queue that cannot be stable deploys nothing; the others deploy on their k replicas, in the spec's order. */
    @Test
    void onlyTheQueuesThatCanBeStableDeploy() {
        var planned = new TopologyPlanning().plan(topology("""
                - {name: work, producers: 4, messageRatePerProducer: 10, consumers: 4}
                - {name: idle, producers: 1, messageRatePerProducer: 10, consumers: 0}
                - {name: slow, producers: 10, messageRatePerProducer: 10, consumers: 1, messageRatePerConsumer: 50}
                - {name: audit, producers: 1, messageRatePerProducer: 1, consumers: 1}
                """), NODES, List.of());
        assertEquals(List.of("work", "audit"), List.copyOf(DeployedQueues.of(Optional.of((TopologyPlanning.Planned) planned), Optional.empty(), Map.of()).keySet()),
                planned.toString());
        assertEquals(1, DeployedQueues.of(Optional.of((TopologyPlanning.Planned) planned), Optional.empty(), Map.of()).get("work"), "light enough for one replica");
        assertEquals(Map.of("work", 3, "audit", 1), DeployedQueues.of(Optional.of((TopologyPlanning.Planned) planned), Optional.empty(), Map.of("work", 3,
                "idle", 2)), "autoscaling's k in place of the plan's, for a queue the plan deploys");
    }

    /** An invalid spec plans nothing: the queues the brokers carry stay, as the layout does. */
    @Test
    void aPassThatCannotPlanKeepsTheQueuesThatRun() {
        var running = new StatefulSetBuilder().withNewMetadata()
                .addToAnnotations(Names.QUEUES_ANNOTATION, "work=3,audit=1").endMetadata().build();
        var invalid = new TopologyPlanning().plan(topology("- {name: orders, producers: 1, messageRatePerProducer: 1, "
                + "consumers: 1}"), NODES, List.of());
        assertEquals(TopologyPlanning.Invalid.class, invalid.getClass(), "a queue named like the topic");
        assertEquals(Map.of("work", 3, "audit", 1), DeployedQueues.of(Optional.empty(), Optional.of(running), Map.of("work", 2)));
        assertEquals(Map.of(), DeployedQueues.of(Optional.empty(), Optional.empty(), Map.of()));
    }
}
