package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.CRUDKubernetesDependentResource;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;

/**
 * The headless Service that gives every broker pod a stable DNS name, which the routing map lists.
 * Not-ready pods are published too: a client only learns of a broker from the routing map, and that
 * lists a broker only once it is Ready.
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class BrokersService extends CRUDKubernetesDependentResource<Service, PubSubTopology> {

    public BrokersService() {
        super(Service.class);
    }

    @Override
    protected Service desired(PubSubTopology topology, Context<PubSubTopology> context) {
        return render(BrokerSet.of(topology));
    }

    /** The headless Service of a set of brokers. */
    public static Service render(BrokerSet brokers) {
        return new ServiceBuilder().withMetadata(brokers.metadata(Names.service(brokers.name())))
                .withNewSpec()
                .withClusterIP("None")
                .withPublishNotReadyAddresses(true)
                .withSelector(Names.brokerSelector(brokers.name()))
                .addNewPort().withName("artemis").withPort(Names.BROKER_PORT).withNewTargetPort(Names.BROKER_PORT).endPort()
                .endSpec().build();
    }
}
