package io.brokerwise.operator.temporary;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.operator.dependent.CredentialsSecret;
import io.brokerwise.operator.dependent.ManagementSecret;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.Secret;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;

/** The temporary brokers' metrics and management users, kept while they run (the client pods read the metrics user). */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class TemporaryManagementCredentials extends TemporaryBrokerPart<Secret> {

    public TemporaryManagementCredentials() {
        super(Secret.class, Names::management);
    }

    @Override
    protected Secret desired(BenchmarkRun run, Context<BenchmarkRun> context) {
        String name = Names.management(TemporaryBrokers.name(run));
        return CredentialsSecret.render(TemporaryBrokers.kept(context).set(), name, ManagementSecret.ROLES,
                CredentialsSecret.current(context, name));
    }
}
