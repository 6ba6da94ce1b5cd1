package io.brokerwise.api.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import java.io.StringReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A manifest with only spec.workload gets the defaults the API server would give it, offline too. */
class SpecDefaultsTest {

    static PubSubTopology read(String spec) {
        return topology("t", "  workload: {publishers: 10, messageRatePerPublisher: 100, subscribers: 100, "
                + "replicationGrade: {mean: 2}}\n" + spec);
    }

    /** A topology named {@code name} whose spec is {@code spec}, read as the CLI reads a manifest. */
    static PubSubTopology topology(String name, String spec) {
        return new ManifestReader().add(new StringReader("""
                apiVersion: brokerwise.io/v1alpha1
                kind: PubSubTopology
                metadata: {name: %s}
                spec:
                """.formatted(name) + spec), "test").one(PubSubTopology.class);
    }

    @Test
    void onlyTheWorkloadPlacesOnTheLabelledTaintedNodesWithHalfCoreBrokers() {
        var spec = read("").getSpec();
        PlanningInput.from(spec, "orders");
        assertEquals(Map.of("brokerwise.io/broker-node", "true"), spec.placement.nodeSelector);
        assertEquals(1, spec.placement.tolerations.size());
        var toleration = spec.placement.tolerations.get(0);
        assertEquals("brokerwise.io/broker-node", toleration.getKey());
        assertEquals("Exists", toleration.getOperator());
        assertEquals("NoSchedule", toleration.getEffect());
        assertEquals(1, spec.placement.brokersPerNode);
        assertEquals("500m", spec.broker.cpu);
        assertEquals("1Gi", spec.broker.memory);
        assertNull(spec.profileRef);
        assertEquals("artemis-2.56-halfcore-nonpersistent", spec.profileName());
    }

    @Test
    void aGivenPlacementIsKeptAsWritten() {
        var spec = read("""
                  placement:
                    nodeSelector: {pool: a}
                    tolerations: []
                """).getSpec();
        PlanningInput.from(spec, "orders");
        assertEquals(Map.of("pool", "a"), spec.placement.nodeSelector);
        assertEquals(0, spec.placement.tolerations.size());
    }
}
