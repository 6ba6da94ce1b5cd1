package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.CRUDKubernetesDependentResource;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;

/**
 * No broker may be evicted: every broker is the only one for its cell of the grid, and an eviction leaves that
 * cell's subscribers without it until a new pod is Ready. {@code kubectl drain} of a dedicated node is refused (HTTP
 * 429) and retries, while the operator moves the node's cells to brokers on other nodes, make-before-break, and
 * deletes the old pods itself, which no budget blocks (docs/operations.md, Draining a broker node).
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class BrokerDisruptionBudget extends CRUDKubernetesDependentResource<PodDisruptionBudget, PubSubTopology> {

    public BrokerDisruptionBudget() {
        super(PodDisruptionBudget.class);
    }

    @Override
    protected PodDisruptionBudget desired(PubSubTopology topology, Context<PubSubTopology> context) {
        return new PodDisruptionBudgetBuilder().withMetadata(Layouts.metadata(topology, Names.disruptionBudget(topology)))
                .withNewSpec()
                .withMaxUnavailable(new IntOrString(0))
                .withNewSelector().withMatchLabels(Names.brokerSelector(topology)).endSelector()
                .endSpec().build();
    }
}
