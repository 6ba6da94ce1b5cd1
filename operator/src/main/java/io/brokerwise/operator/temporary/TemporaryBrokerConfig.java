package io.brokerwise.operator.temporary;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.operator.dependent.BrokerConfigMap;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;

/** The temporary brokers' broker.xml, rendered as a topology's brokers' is. */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class TemporaryBrokerConfig extends TemporaryBrokerPart<ConfigMap> {

    public TemporaryBrokerConfig() {
        super(ConfigMap.class, Names::brokerConfig);
    }

    @Override
    protected ConfigMap desired(BenchmarkRun run, Context<BenchmarkRun> context) {
        return BrokerConfigMap.render(TemporaryBrokers.kept(context).set());
    }
}
