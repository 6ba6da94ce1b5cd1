package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BenchmarkRunSpec;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.TopologyRef;
import io.brokerwise.api.v1alpha1.VerificationSpec;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.operator.layout.BrokerLayout;
import io.brokerwise.operator.layout.Names;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.dependent.DependentResource;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.SecondaryToPrimaryMapper;
import io.javaoperatorsdk.operator.processing.event.source.informer.Mappers;
import java.util.Optional;
import io.javaoperatorsdk.operator.processing.dependent.Creator;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependentResource;
import io.javaoperatorsdk.operator.processing.dependent.workflow.Condition;

/**
 * The Saturate check of a deployed layout ({@code spec.verification.onDeploy}): one BenchmarkRun per layout, named
 * after it, created once that layout is the one clients are routed to (all its brokers were Ready). A run is never
 * updated; the runs of earlier layouts stay as their history until the topology goes.
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class VerificationRun extends KubernetesDependentResource<BenchmarkRun, PubSubTopology>
        implements Creator<BenchmarkRun, PubSubTopology> {

    public VerificationRun() {
        super(BenchmarkRun.class);
    }

    /** Owned by the topology, so they go with it; but not a Deleter: a precondition turning false keeps them. */
    @Override
    protected boolean addOwnerReference() {
        return true;
    }

    /** A check's progress reaches its topology through the owner reference (the Verified condition follows it). */
    @Override
    protected Optional<SecondaryToPrimaryMapper<BenchmarkRun>> getSecondaryToPrimaryMapper(
            EventSourceContext<PubSubTopology> context) {
        return Optional.of(Mappers.fromOwnerReferences(PubSubTopology.class));
    }

    /** Among the topology's checks, the one of the layout being applied. */
    @Override
    protected ResourceID targetSecondaryResourceID(PubSubTopology topology, Context<PubSubTopology> context) {
        return new ResourceID(name(topology, Layouts.of(context).layout()), topology.getMetadata().getNamespace());
    }

    /** The check of this layout. */
    public static String name(PubSubTopology topology, Layout layout) {
        return topology.getMetadata().getName() + "-verify-" + layout.dimensions();
    }

    @Override
    protected BenchmarkRun desired(PubSubTopology topology, Context<PubSubTopology> context) {
        BrokerLayout layout = Layouts.of(context);
        VerificationSpec verification = topology.getSpec().verification;
        BenchmarkRun run = new BenchmarkRun();
        run.setMetadata(Layouts.metadata(topology, name(topology, layout.layout())));
        run.getMetadata().setAnnotations(new java.util.HashMap<>(java.util.Map.of(Names.LAYOUT_ANNOTATION, layout.layout().dimensions())));
        BenchmarkRunSpec spec = new BenchmarkRunSpec();
        spec.topologyRef = new TopologyRef(topology.getMetadata().getName());
        spec.mode = BenchmarkRunSpec.Mode.Saturate;
        spec.duration = verification.duration;
        spec.warmup = verification.warmup;
        spec.tolerance = verification.tolerance;
        spec.repeats = verification.repeats;
        spec.clients = verification.clients;
        run.setSpec(spec);
        return run;
    }

    /**
     * A check is due when the topology asks for one ({@code spec.verification.onDeploy}) and the layout being
     * applied is the one the routing map sends clients to (its brokers were all Ready).
     */
    public static class Due implements Condition<BenchmarkRun, PubSubTopology> {
        @Override
        public boolean isMet(DependentResource<BenchmarkRun, PubSubTopology> dependent, PubSubTopology topology,
                             Context<PubSubTopology> context) {
            return topology.getSpec().verification != null && Boolean.TRUE.equals(topology.getSpec().verification.onDeploy)
                    && Layouts.deployment(context).routedToLayout();
        }
    }
}
