package io.brokerwise.operator.temporary;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.operator.dependent.BrokerStatefulSet;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;

/**
 * The temporary brokers themselves, one pod per cell of their layout, placed and sized as their BrokerSet says.
 * Their ready replicas start the run's Job.
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class TemporaryStatefulSet extends TemporaryBrokerPart<StatefulSet> {

    public TemporaryStatefulSet() {
        super(StatefulSet.class, Names::statefulSet);
    }

    @Override
    protected StatefulSet desired(BenchmarkRun run, Context<BenchmarkRun> context) {
        TemporaryBrokers brokers = TemporaryBrokers.kept(context);
        return BrokerStatefulSet.render(brokers.set(), Math.toIntExact(brokers.layout().brokers()));
    }
}
