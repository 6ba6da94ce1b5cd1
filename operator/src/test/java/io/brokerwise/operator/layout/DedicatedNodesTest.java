package io.brokerwise.operator.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.planning.SpecValidator;
import io.brokerwise.api.v1alpha1.PlacementSpec;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DedicatedNodesTest {

    static Node node(String pool, boolean ready, boolean unschedulable, String taintEffect) {
        var b = new NodeBuilder().withNewMetadata().withName("n").withLabels(Map.of("pool", pool)).endMetadata()
                .withNewSpec().withUnschedulable(unschedulable).endSpec()
                .withNewStatus().addNewCondition().withType("Ready").withStatus(ready ? "True" : "False").endCondition().endStatus();
        if (taintEffect != null) {
            b.editSpec().addNewTaint().withKey("brokerwise.io/broker-node").withValue("true").withEffect(taintEffect).endTaint().endSpec();
        }
        return b.build();
    }

    static PlacementSpec placement(boolean tolerate) {
        PlacementSpec p = new PlacementSpec();
        p.nodeSelector = Map.of("pool", "a");
        p.brokersPerNode = 2;
        p.tolerations = tolerate ? List.of(new TolerationBuilder().withKey("brokerwise.io/broker-node").withOperator("Exists")
                .withEffect("NoSchedule").build()) : null;
        return p;
    }

    @Test
    void countsReadySchedulableLabelledTolerableNodes() {
        List<Node> nodes = List.of(
                node("a", true, false, "NoSchedule"),   // counts
                node("a", true, false, null),           // counts: no taint
                node("b", true, false, "NoSchedule"),   // wrong pool
                node("a", false, false, "NoSchedule"),  // not Ready
                node("a", true, true, "NoSchedule"),    // cordoned
                node("a", true, false, "PreferNoSchedule")); // soft taint: still schedulable
        assertEquals(3, DedicatedNodes.count(nodes, placement(true)));
        assertEquals(6, DedicatedNodes.brokerLimit(nodes, placement(true)));
    }

    @Test
    void theDefaultPlacementCountsTheNodesLabelledAndTaintedForBrokers() {
        PlacementSpec defaults = new PlacementSpec();
        assertEquals(List.of(), SpecValidator.validate(defaults, "spec.placement"));
        Node labelled = new NodeBuilder(node("a", true, false, "NoSchedule")).editMetadata()
                .addToLabels(PlacementSpec.BROKER_NODE_KEY, "true").endMetadata().build();
        Node labelledWithAnotherValue = new NodeBuilder(labelled).editSpec().editFirstTaint().withValue("yes").endTaint()
                .endSpec().build();
        assertEquals(2, DedicatedNodes.count(List.of(labelled, labelledWithAnotherValue), defaults));
        assertEquals(0, DedicatedNodes.count(List.of(node("a", true, false, "NoSchedule")), defaults), "unlabelled");
        Node otherTaint = new NodeBuilder(labelled).editSpec().editFirstTaint().withKey("gpu").endTaint().endSpec().build();
        assertEquals(0, DedicatedNodes.count(List.of(otherTaint), defaults), "a taint the default does not tolerate");
    }

    @Test
    void anUntoleratedTaintExcludesTheNode() {
        assertEquals(0, DedicatedNodes.count(List.of(node("a", true, false, "NoSchedule")), placement(false)));
        assertEquals(0, DedicatedNodes.count(List.of(node("a", true, false, "NoExecute")), placement(true)));
    }

    @Test
    void aHeartbeatIsNoPlacementChangeButReadinessCordonLabelsAndTaintsAre() {
        Node before = node("a", true, false, "NoSchedule");
        Node heartbeat = new NodeBuilder(before).editStatus().editFirstCondition()
                .withLastHeartbeatTime("2026-11-28T05:20:27Z").endCondition().addToAllocatable("cpu",
                        new Quantity("2")).endStatus().build();
        assertFalse(DedicatedNodes.placementChanged(heartbeat, before));
        assertTrue(DedicatedNodes.placementChanged(node("a", false, false, "NoSchedule"), before), "not Ready");
        assertTrue(DedicatedNodes.placementChanged(node("a", true, true, "NoSchedule"), before), "cordoned");
        assertTrue(DedicatedNodes.placementChanged(node("b", true, false, "NoSchedule"), before), "labels");
        assertTrue(DedicatedNodes.placementChanged(node("a", true, false, null), before), "taints");
    }
}
