package io.brokerwise.operator.benchmark;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;

/**
 * What a run's client pods may do: read and patch their run's results ConfigMap, no other object. The operator may
 * grant that because it holds both verbs on ConfigMaps itself: the API server lets no one grant more than it has.
 */
@KubernetesDependent(informer = @Informer(labelSelector = ClientPart.SELECTOR))
public class ClientRole extends ClientPart<Role> {

    /** Its name in the workflow, which orders the dependents. */
    static final String NAME = "client-role";

    public ClientRole() {
        super(Role.class, BenchmarkJob::name);
    }

    @Override
    protected Role desired(BenchmarkRun run, Context<BenchmarkRun> context) {
        return new RoleBuilder().withMetadata(metadata(run)).addNewRule().withApiGroups("").withResources("configmaps")
                .withResourceNames(RunResults.name(run)).withVerbs("get", "patch").endRule().build();
    }
}
