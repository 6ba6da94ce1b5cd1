package io.brokerwise.operator.calibration;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.operator.dependent.RoutingConfigMap;
import io.brokerwise.operator.topology.Names;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;

/**
 * The temporary broker's routing map (layout 1x1), which the benchmark Job's client pods read: the topic and the
 * broker's address. The Job starts only once the broker is Ready, so the map need not wait for it.
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class CalibrationRouting extends TemporaryBrokerPart<ConfigMap> {

    public CalibrationRouting() {
        super(ConfigMap.class, Names::routing);
    }

    @Override
    protected ConfigMap desired(BenchmarkRun run, Context<BenchmarkRun> context) {
        return RoutingConfigMap.render(TemporaryBroker.of(run), new Layout(1, 1));
    }
}
