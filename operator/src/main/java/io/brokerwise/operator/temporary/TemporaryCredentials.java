package io.brokerwise.operator.temporary;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.operator.dependent.BrokerTrust;
import io.brokerwise.operator.dependent.CredentialsSecret;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.Secret;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;

/**
 * The temporary brokers' application user and their CA, kept while they run (the brokers and the client pods read
 * it).
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class TemporaryCredentials extends TemporaryBrokerPart<Secret> {

    public TemporaryCredentials() {
        super(Secret.class, Names::credentials);
    }

    @Override
    protected Secret desired(BenchmarkRun run, Context<BenchmarkRun> context) {
        String name = Names.credentials(TemporaryBrokers.name(run));
        return CredentialsSecret.withCa(CredentialsSecret.render(TemporaryBrokers.kept(context).set(), name,
                CredentialsSecret.ROLES, CredentialsSecret.current(context, name)), BrokerTrust.of(context));
    }
}
