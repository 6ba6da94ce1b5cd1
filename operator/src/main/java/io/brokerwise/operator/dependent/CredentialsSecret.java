package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.operator.topology.Names;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.CRUDKubernetesDependentResource;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;
import java.util.Map;
import java.util.Optional;

/**
 * The brokers' user and password: generated once per set of brokers, never a default, and kept across
 * reconciliations (clients and brokers read the same Secret).
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class CredentialsSecret extends CRUDKubernetesDependentResource<Secret, PubSubTopology> {

    public CredentialsSecret() {
        super(Secret.class);
    }

    @Override
    protected Secret desired(PubSubTopology topology, Context<PubSubTopology> context) {
        return render(Layouts.set(topology, context), context.getSecondaryResource(Secret.class));
    }

    /** The Secret of a set of brokers: the credentials it has, or new ones. */
    public static Secret render(BrokerSet brokers, Optional<Secret> current) {
        Map<String, String> data = current.map(Secret::getData)
                .filter(d -> d.containsKey(BrokerCredentials.USER_ENV) && d.containsKey(BrokerCredentials.PASSWORD_ENV))
                .orElseGet(CredentialsSecret::fresh);
        return new SecretBuilder().withMetadata(brokers.metadata(Names.credentials(brokers.name())))
                .withType("Opaque").withData(data).build();
    }

    private static Map<String, String> fresh() {
        BrokerCredentials c = BrokerCredentials.generate();
        return Map.of(BrokerCredentials.USER_ENV, base64(c.user()), BrokerCredentials.PASSWORD_ENV, base64(c.password()));
    }

    private static String base64(String s) {
        return java.util.Base64.getEncoder().encodeToString(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
