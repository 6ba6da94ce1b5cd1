package io.brokerwise.operator.benchmark;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;

/**
 * Gives {@link ClientAccount} its {@link ClientRole}. The workflow makes it after the Role: the API server checks a
 * binding against the rules of the Role it names, so that Role must exist.
 */
@KubernetesDependent(informer = @Informer(labelSelector = ClientPart.SELECTOR))
public class ClientRoleBinding extends ClientPart<RoleBinding> {

    /** Its name in the workflow, which orders the dependents. */
    static final String NAME = "client-role-binding";

    public ClientRoleBinding() {
        super(RoleBinding.class, BenchmarkJob::name);
    }

    @Override
    protected RoleBinding desired(BenchmarkRun run, Context<BenchmarkRun> context) {
        return new RoleBindingBuilder().withMetadata(metadata(run))
                .withNewRoleRef("rbac.authorization.k8s.io", "Role", BenchmarkJob.name(run))
                .addNewSubject().withKind("ServiceAccount").withName(BenchmarkJob.name(run))
                .withNamespace(run.getMetadata().getNamespace()).endSubject().build();
    }
}
