package io.brokerwise.operator.calibration;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.operator.dependent.CredentialsSecret;
import io.brokerwise.operator.topology.Names;
import io.fabric8.kubernetes.api.model.Secret;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;

/** The temporary broker's user and password, kept while it runs (the broker and the client pods read them). */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class CalibrationCredentials extends TemporaryBrokerPart<Secret> {

    public CalibrationCredentials() {
        super(Secret.class, Names::credentials);
    }

    @Override
    protected Secret desired(BenchmarkRun run, Context<BenchmarkRun> context) {
        return CredentialsSecret.render(TemporaryBroker.of(run), context.getSecondaryResource(Secret.class));
    }
}
