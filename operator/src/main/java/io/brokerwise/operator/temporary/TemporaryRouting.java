package io.brokerwise.operator.temporary;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.operator.dependent.RoutingConfigMap;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;

/**
 * The temporary brokers' routing map (their layout), which the benchmark Job's client pods read: the topic and the
 * brokers' addresses. The Job starts only once every broker is Ready, so the map need not wait for them.
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class TemporaryRouting extends TemporaryBrokerPart<ConfigMap> {

    public TemporaryRouting() {
        super(ConfigMap.class, Names::routing);
    }

    @Override
    protected ConfigMap desired(BenchmarkRun run, Context<BenchmarkRun> context) {
        TemporaryBrokers brokers = TemporaryBrokers.kept(context);
        return RoutingConfigMap.render(brokers.set(), brokers.layout());
    }
}
