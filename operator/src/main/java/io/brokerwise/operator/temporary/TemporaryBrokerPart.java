package io.brokerwise.operator.temporary;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.CRUDKubernetesDependentResource;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import java.util.function.UnaryOperator;

/**
 * One object of a run's temporary brokers, found by its name (the brokers' name through {@code objectName}), so
 * that deleting it once the run has ended needs nothing but the run.
 */
abstract class TemporaryBrokerPart<R extends HasMetadata> extends CRUDKubernetesDependentResource<R, BenchmarkRun> {

    private final UnaryOperator<String> objectName;

    TemporaryBrokerPart(Class<R> type, UnaryOperator<String> objectName) {
        super(type);
        this.objectName = objectName;
    }

    @Override
    protected ResourceID targetSecondaryResourceID(BenchmarkRun run, Context<BenchmarkRun> context) {
        return new ResourceID(objectName.apply(TemporaryBrokers.name(run)), run.getMetadata().getNamespace());
    }
}
