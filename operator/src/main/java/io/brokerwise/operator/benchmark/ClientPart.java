package io.brokerwise.operator.benchmark;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.CRUDKubernetesDependentResource;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import java.util.function.Function;

/**
 * One object beside a run's client pods, which they write their reports with: the results ConfigMap, and the
 * ServiceAccount, Role and RoleBinding that let them. Found by its name, so that deleting it once the run has ended
 * needs nothing but the run; labelled as the Job is, so its informer caches these objects alone.
 */
abstract class ClientPart<R extends HasMetadata> extends CRUDKubernetesDependentResource<R, BenchmarkRun> {

    /** The label selector of these objects' informers. */
    static final String SELECTOR = "app.kubernetes.io/name=" + BenchmarkJob.APP + ",app.kubernetes.io/managed-by="
            + Names.MANAGED_BY;

    private final Function<BenchmarkRun, String> name;

    ClientPart(Class<R> type, Function<BenchmarkRun, String> name) {
        super(type);
        this.name = name;
    }

    @Override
    protected ResourceID targetSecondaryResourceID(BenchmarkRun run, Context<BenchmarkRun> context) {
        return new ResourceID(name.apply(run), run.getMetadata().getNamespace());
    }

    ObjectMeta metadata(BenchmarkRun run) {
        return new ObjectMetaBuilder().withName(name.apply(run)).withNamespace(run.getMetadata().getNamespace())
                .withLabels(BenchmarkJob.runLabels(run)).build();
    }
}
