package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.BrokerSpec;
import io.brokerwise.api.v1alpha1.PlacementSpec;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.operator.topology.Names;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;

/**
 * Brokers the operator runs and what their objects are rendered from: a topology's, or the temporary broker of a
 * calibration. Both get the same Secret, broker.xml, Service and StatefulSet, so a calibration measures a broker
 * exactly like the topologies' brokers.
 *
 * @param name       the objects' name prefix ({@link Names}), also the topic
 * @param persistent whether the broker journals messages (Persistent delivery)
 */
public record BrokerSet(String name, String namespace, PlacementSpec placement, BrokerSpec broker, boolean persistent) {

    public static BrokerSet of(PubSubTopology topology, String deliveryMode) {
        return new BrokerSet(topology.getMetadata().getName(), topology.getMetadata().getNamespace(),
                topology.getSpec().placement, topology.getSpec().broker, "Persistent".equals(deliveryMode));
    }

    /** The same brokers under another name prefix (and topic), such as a run's own brokers beside a topology's. */
    public BrokerSet named(String otherName) {
        return new BrokerSet(otherName, namespace, placement, broker, persistent);
    }

    /** Metadata of one of the set's objects: its namespace and the set's labels. */
    public ObjectMeta metadata(String objectName) {
        return new ObjectMetaBuilder().withName(objectName).withNamespace(namespace)
                .withLabels(Names.brokerSelector(name)).build();
    }
}
