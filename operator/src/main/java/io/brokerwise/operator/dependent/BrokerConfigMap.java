package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.operator.topology.BrokerLayout;
import io.brokerwise.operator.topology.Names;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.CRUDKubernetesDependentResource;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;
import java.util.Map;

/**
 * broker.xml for every broker of the topology, rendered by the same {@link BrokerConfiguration} the
 * benchmarks use for their local brokers: one multicast address named after the topology, persistence
 * by the workload's delivery mode, the acceptor limited to {@code spec.broker.maxConnections}.
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class BrokerConfigMap extends CRUDKubernetesDependentResource<ConfigMap, PubSubTopology> {

    public BrokerConfigMap() {
        super(ConfigMap.class);
    }

    @Override
    protected ConfigMap desired(PubSubTopology topology, Context<PubSubTopology> context) {
        return new ConfigMapBuilder().withMetadata(Layouts.metadata(topology, Names.brokerConfig(topology)))
                .withData(Map.of(BrokerConfiguration.CONFIG_MAP_KEY, brokerXml(topology, Layouts.of(context)))).build();
    }

    /** The broker.xml of every broker of the topology; its acceptor refuses what maxConnections does not allow. */
    static String brokerXml(PubSubTopology topology, BrokerLayout layout) {
        String name = topology.getMetadata().getName();
        Long maxConnections = topology.getSpec().broker.maxConnections;
        return BrokerConfiguration.forPod(name, name, "Persistent".equals(layout.deliveryMode()))
                .withMaxConnections(maxConnections == null ? BrokerConfiguration.NO_CONNECTION_LIMIT : maxConnections)
                .render();
    }
}
