package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerRole;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.Secret;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.CRUDKubernetesDependentResource;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import java.util.Optional;
import java.util.Set;

/**
 * The brokers' metrics and management users, in a Secret of their own that no application pod gets: the brokers
 * mount it, the operator reads the metrics user from it to read the brokers' metrics, and the benchmark clients get
 * the metrics user's two keys only. The management user goes to no pod but the brokers: it is the platform team's.
 * Generated once and kept like {@link CredentialsSecret}.
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class ManagementSecret extends CRUDKubernetesDependentResource<Secret, PubSubTopology> {

    /** The users this Secret holds. */
    public static final Set<BrokerRole> ROLES = Set.of(BrokerRole.METRICS, BrokerRole.MANAGEMENT);

    public ManagementSecret() {
        super(Secret.class);
    }

    @Override
    protected Secret desired(PubSubTopology topology, Context<PubSubTopology> context) {
        BrokerSet brokers = BrokerSet.of(topology);
        String name = Names.management(brokers.name());
        return CredentialsSecret.render(brokers, name, ROLES, CredentialsSecret.current(context, name));
    }

    @Override
    protected ResourceID targetSecondaryResourceID(PubSubTopology topology, Context<PubSubTopology> context) {
        return new ResourceID(Names.management(topology), topology.getMetadata().getNamespace());
    }

    /**
     * The metrics user of the Secret, with the previous password while it has one: the operator sees a changed
     * Secret at once, a broker only once the kubelet has updated its mounted copy; from the start of a rotation to
     * its end every broker admits the previous password, and the new one as soon as the previous one is gone.
     */
    public static Optional<BrokerCredentials> metricsUser(Secret management) {
        return CredentialsSecret.user(management, BrokerRole.METRICS).map(user -> CredentialsSecret
                .value(management, BrokerRole.METRICS.previousPasswordKey()).filter(p -> !p.isBlank())
                .map(previous -> new BrokerCredentials(user.user(), previous)).orElse(user));
    }
}
