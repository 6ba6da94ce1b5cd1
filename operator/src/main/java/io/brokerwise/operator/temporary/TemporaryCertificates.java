package io.brokerwise.operator.temporary;

import io.brokerwise.operator.WorkflowInputs;
import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.TlsSpec;
import io.brokerwise.operator.dependent.BrokerCertificates;
import io.brokerwise.operator.dependent.BrokerTrust;
import io.brokerwise.operator.dependent.CredentialsSecret;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.Secret;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.dependent.DependentResource;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;
import io.javaoperatorsdk.operator.processing.dependent.workflow.Condition;

/** The temporary brokers' certificates, issued by their own CA like a Generated topology's, kept while they run. */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class TemporaryCertificates extends TemporaryBrokerPart<Secret> {

    public TemporaryCertificates() {
        super(Secret.class, Names::certificates);
    }

    @Override
    protected Secret desired(BenchmarkRun run, Context<BenchmarkRun> context) {
        TemporaryBrokers brokers = TemporaryBrokers.kept(context);
        String name = Names.certificates(brokers.set().name());
        return BrokerCertificates.render(brokers.set(), Math.toIntExact(brokers.layout().brokers()),
                BrokerTrust.of(context).issuer(), CredentialsSecret.current(context, name));
    }

    /** There while the run keeps brokers that speak TLS (temporary brokers' certificates are always Generated). */
    public static class WhileKeptAndGenerated implements Condition<Secret, BenchmarkRun> {
        @Override
        public boolean isMet(DependentResource<Secret, BenchmarkRun> dependent, BenchmarkRun run,
                             Context<BenchmarkRun> context) {
            return WorkflowInputs.find(context, TemporaryBrokers.class).filter(t -> t.set().tls() == TlsSpec.Mode.Generated).isPresent();
        }
    }
}
