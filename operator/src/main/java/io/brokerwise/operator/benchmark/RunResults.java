package io.brokerwise.operator.benchmark;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.measure.contract.SliceReport;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.BooleanWithUndefined;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;

/**
 * The ConfigMap a run's client pods write their reports into, each under its slice's key ({@link SliceReport#key}),
 * and {@link JobOutcome} reads once the Job is done. The operator applies its name and labels alone, by server-side
 * apply, which JOSDK uses for no ConfigMap unless asked: its update of a ConfigMap would put the desired data, none,
 * over the pods' keys. An apply leaves them, as they belong to the pods' field manager.
 */
@KubernetesDependent(useSSA = BooleanWithUndefined.TRUE, informer = @Informer(labelSelector = ClientPart.SELECTOR))
public class RunResults extends ClientPart<ConfigMap> {

    /** Its name in the workflow, which orders the dependents. */
    static final String NAME = "run-results";

    public RunResults() {
        super(ConfigMap.class, RunResults::name);
    }

    static String name(BenchmarkRun run) {
        return run.getMetadata().getName() + "-results";
    }

    @Override
    protected ConfigMap desired(BenchmarkRun run, Context<BenchmarkRun> context) {
        return new ConfigMapBuilder().withMetadata(metadata(run)).build();
    }
}
