package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.operator.WorkflowInputs;
import io.brokerwise.operator.layout.BrokerLayout;
import io.brokerwise.operator.layout.Deployment;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.javaoperatorsdk.operator.api.reconciler.Context;

/** What every dependent needs: the pass's {@link Deployment}, and metadata in the topology's namespace. */
final class Layouts {

    private Layouts() {
    }

    static Deployment deployment(Context<PubSubTopology> context) {
        return WorkflowInputs.get(context, Deployment.class);
    }

    static BrokerLayout of(Context<PubSubTopology> context) {
        return deployment(context).layout();
    }

    static ObjectMeta metadata(PubSubTopology topology, String name) {
        return new ObjectMetaBuilder().withName(name).withNamespace(topology.getMetadata().getNamespace())
                .withLabels(Names.brokerSelector(topology)).build();
    }
}
