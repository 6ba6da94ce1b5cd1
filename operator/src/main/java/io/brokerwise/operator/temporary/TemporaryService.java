package io.brokerwise.operator.temporary;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.operator.dependent.BrokersService;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.Service;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;

/** The headless Service that gives the temporary broker the DNS name its routing map names. */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class TemporaryService extends TemporaryBrokerPart<Service> {

    public TemporaryService() {
        super(Service.class, Names::service);
    }

    @Override
    protected Service desired(BenchmarkRun run, Context<BenchmarkRun> context) {
        return BrokersService.render(TemporaryBrokers.kept(context).set());
    }
}
