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
 * by the workload's delivery mode.
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class BrokerConfigMap extends CRUDKubernetesDependentResource<ConfigMap, PubSubTopology> {

    public BrokerConfigMap() {
        super(ConfigMap.class);
    }

    @Override
    protected ConfigMap desired(PubSubTopology topology, Context<PubSubTopology> context) {
        BrokerLayout layout = Layouts.of(context);
        String name = topology.getMetadata().getName();
        String xml = BrokerConfiguration.forPod(name, name, "Persistent".equals(layout.deliveryMode())).render();
        return new ConfigMapBuilder().withMetadata(Layouts.metadata(topology, Names.brokerConfig(topology)))
                .withData(Map.of(BrokerConfiguration.CONFIG_MAP_KEY, xml)).build();
    }
}
