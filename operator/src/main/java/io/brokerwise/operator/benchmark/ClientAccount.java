package io.brokerwise.operator.benchmark;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;

/** The ServiceAccount a run's client pods run as, named as their Job: {@link ClientRole} is all it may do. */
@KubernetesDependent(informer = @Informer(labelSelector = ClientPart.SELECTOR))
public class ClientAccount extends ClientPart<ServiceAccount> {

    /** Its name in the workflow, which orders the dependents. */
    static final String NAME = "client-account";

    public ClientAccount() {
        super(ServiceAccount.class, BenchmarkJob::name);
    }

    @Override
    protected ServiceAccount desired(BenchmarkRun run, Context<BenchmarkRun> context) {
        return new ServiceAccountBuilder().withMetadata(metadata(run)).build();
    }
}
