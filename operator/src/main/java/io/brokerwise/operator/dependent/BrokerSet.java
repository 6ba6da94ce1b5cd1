package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.BrokerSpec;
import io.brokerwise.api.v1alpha1.PlacementSpec;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologySpec;
import io.brokerwise.api.v1alpha1.WorkloadSpec;
import io.brokerwise.api.v1alpha1.TlsSpec;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.List;

/**
 * Brokers the operator runs and what their objects are rendered from: a topology's, or the temporary broker of a
 * calibration. Both get the same Secret, broker.xml, Service and StatefulSet, so a calibration measures a broker
 * exactly like the topologies' brokers.
 *
 * @param name      the objects' name prefix ({@link Names}), also the topic of spec.workload and of temporary brokers
 * @param journaled whether the brokers keep a journal ({@link PubSubTopologySpec#needsJournal()})
 * @param claim     the volume claim each broker journals on; null for brokers without a journal, and for temporary
 *                  ones, which journal into their pod's emptyDir and go with it
 * @param tls       whether their acceptor speaks TLS, and with whose certificates
 * @param topics    the topics every broker carries: spec.workload's, named as the set, or spec.topics'
 * @param queues    the replicated queues every broker carries (a topology's, as a pass deploys them); none for
 *                  temporary brokers, which measure the topic
 */
public record BrokerSet(String name, String namespace, PlacementSpec placement, BrokerSpec broker, boolean journaled,
                        JournalClaim claim, TlsSpec.Mode tls, List<String> topics, List<String> queues) {

    public BrokerSet {
        topics = List.copyOf(topics);
        queues = List.copyOf(queues);
    }

    /** A topology's brokers, without queues. */
    public static BrokerSet of(PubSubTopology topology) {
        return of(topology, topology.getSpec().needsJournal());
    }

    /** A topology's brokers, journaled as {@code asked} needs (a benchmark run may ask for another delivery mode). */
    public static BrokerSet of(PubSubTopology topology, WorkloadSpec asked) {
        return of(topology, asked.needsJournal());
    }

    private static BrokerSet of(PubSubTopology topology, boolean journaled) {
        var spec = topology.getSpec();
        String name = topology.getMetadata().getName();
        List<String> topics = spec.topicNames(name);
        return new BrokerSet(name, topology.getMetadata().getNamespace(),
                spec.placement, spec.broker, journaled, journaled ? JournalClaim.of(spec.storage) : null,
                TlsSpec.modeOf(spec.broker), topics.isEmpty() ? List.of(name) : topics, List.of());
    }

    /** The same brokers carrying these queues. */
    public BrokerSet withQueues(List<String> newQueues) {
        return new BrokerSet(name, namespace, placement, broker, journaled, claim, tls, topics, newQueues);
    }

    /**
     * Temporary brokers (a run's layout, a calibration) sized by {@code broker}: TLS like it asks, but always with
     * certificates of their own, since a provided certificate names a topology's brokers and not these.
     */
    public static BrokerSet temporary(String name, String namespace, PlacementSpec placement, BrokerSpec broker,
                                      boolean journaled) {
        TlsSpec.Mode asked = TlsSpec.modeOf(broker);
        return new BrokerSet(name, namespace, placement, broker, journaled, null,
                asked == TlsSpec.Mode.Disabled ? asked : TlsSpec.Mode.Generated, List.of(name), List.of());
    }

    /** The same brokers as temporary brokers under another name prefix (and topic), beside a topology's. */
    public BrokerSet named(String otherName) {
        return temporary(otherName, namespace, placement, broker, journaled);
    }

    public boolean speaksTls() {
        return tls != TlsSpec.Mode.Disabled;
    }

    /** The Secret of PEM files the brokers serve their certificates from: the operator's, or the platform team's. */
    public String certificateSecret() {
        return tls == TlsSpec.Mode.Provided ? broker.tls.secretName : Names.certificates(name);
    }

    /** Metadata of one of the set's objects: its namespace and the set's labels. */
    public ObjectMeta metadata(String objectName) {
        return new ObjectMetaBuilder().withName(objectName).withNamespace(namespace)
                .withLabels(Names.brokerSelector(name)).build();
    }
}
