package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.operator.layout.BrokerLayout;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.javaoperatorsdk.operator.api.reconciler.Context;

/** What every dependent needs: the layout being applied and metadata in the topology's namespace. */
final class Layouts {

    private Layouts() {
    }

    static BrokerLayout of(Context<PubSubTopology> context) {
        return context.managedWorkflowAndDependentResourceContext().getMandatory(BrokerLayout.CONTEXT_KEY, BrokerLayout.class);
    }

    /** The topology's brokers at the delivery mode of the layout being applied. */
    static BrokerSet set(PubSubTopology topology, Context<PubSubTopology> context) {
        return BrokerSet.of(topology, of(context).deliveryMode());
    }

    static ObjectMeta metadata(PubSubTopology topology, String name) {
        return new ObjectMetaBuilder().withName(name).withNamespace(topology.getMetadata().getNamespace())
                .withLabels(Names.brokerSelector(topology)).build();
    }
}
