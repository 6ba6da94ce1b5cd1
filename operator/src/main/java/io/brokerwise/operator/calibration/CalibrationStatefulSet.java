package io.brokerwise.operator.calibration;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.operator.dependent.BrokerStatefulSet;
import io.brokerwise.operator.topology.Names;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;

/**
 * The temporary broker itself: one pod on a node that {@code calibration.placement} selects, sized by
 * {@code calibration.broker}, as a topology's broker would be. Its ready replica starts the run's Job.
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class CalibrationStatefulSet extends TemporaryBrokerPart<StatefulSet> {

    public CalibrationStatefulSet() {
        super(StatefulSet.class, Names::statefulSet);
    }

    @Override
    protected StatefulSet desired(BenchmarkRun run, Context<BenchmarkRun> context) {
        return BrokerStatefulSet.render(TemporaryBroker.of(run), 1);
    }
}
