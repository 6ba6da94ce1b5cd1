package io.brokerwise.operator.benchmark;

import io.brokerwise.routing.RoutingMapCodec;
import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BenchmarkRunSpec;
import io.brokerwise.api.v1alpha1.BenchmarkRunStatus;
import io.brokerwise.api.v1alpha1.BenchmarkRunStatus.Phase;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.operator.Informers;
import io.brokerwise.operator.StatusApply;
import io.brokerwise.operator.WorkflowInputs;
import io.brokerwise.operator.temporary.TemporaryBrokerConfig;
import io.brokerwise.operator.temporary.TemporaryCertificates;
import io.brokerwise.operator.temporary.TemporaryCredentials;
import io.brokerwise.operator.temporary.TemporaryManagementCredentials;
import io.brokerwise.operator.temporary.TemporaryRouting;
import io.brokerwise.operator.temporary.TemporaryService;
import io.brokerwise.operator.temporary.TemporaryStatefulSet;
import io.brokerwise.operator.temporary.TemporaryBrokers;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.operator.layout.TopologyPlanning;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.Workflow;
import io.javaoperatorsdk.operator.api.reconciler.dependent.Dependent;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Runs a BenchmarkRun: waits (Pending, with the reason) until its topology is Ready and no earlier run of the
 * same topology is unfinished, designs the measurement, starts the client Job (Running), and when the Job ends
 * puts each measured figure beside the prediction (Succeeded) or the reason it failed (Failed). The Job goes
 * once the run has ended; deleting the run deletes the Job and its pods. A Calibrate run measures a temporary
 * broker of its own instead ({@link Calibration}), which goes the same way.
 */
@Workflow(explicitInvocation = true, dependents = {
    @Dependent(name = RunResults.NAME, type = RunResults.class, reconcilePrecondition = BenchmarkJob.WhileRunning.class),
    @Dependent(name = ClientAccount.NAME, type = ClientAccount.class, reconcilePrecondition = BenchmarkJob.WhileRunning.class),
    @Dependent(name = ClientRole.NAME, type = ClientRole.class, reconcilePrecondition = BenchmarkJob.WhileRunning.class),
    @Dependent(name = ClientRoleBinding.NAME, type = ClientRoleBinding.class, dependsOn = ClientRole.NAME,
            reconcilePrecondition = BenchmarkJob.WhileRunning.class),
    // its pods start with what they write their reports with in place
    @Dependent(type = BenchmarkJob.class, dependsOn = {RunResults.NAME, ClientAccount.NAME, ClientRoleBinding.NAME},
            reconcilePrecondition = BenchmarkJob.WhileRunning.class),
    @Dependent(type = TemporaryCredentials.class, reconcilePrecondition = TemporaryBrokers.WhileKept.class),
    @Dependent(type = TemporaryCertificates.class, reconcilePrecondition = TemporaryCertificates.WhileKeptAndGenerated.class),
    @Dependent(type = TemporaryManagementCredentials.class, reconcilePrecondition = TemporaryBrokers.WhileKept.class),
    @Dependent(type = TemporaryBrokerConfig.class, reconcilePrecondition = TemporaryBrokers.WhileKept.class),
    @Dependent(type = TemporaryService.class, reconcilePrecondition = TemporaryBrokers.WhileKept.class),
    @Dependent(type = TemporaryStatefulSet.class, reconcilePrecondition = TemporaryBrokers.WhileKept.class),
    @Dependent(type = TemporaryRouting.class, reconcilePrecondition = TemporaryBrokers.WhileKept.class),
})
@ControllerConfiguration(generationAwareEventProcessing = false)
public class BenchmarkRunReconciler implements Reconciler<BenchmarkRun> {

    static final String TOPOLOGIES = "topologies";
    static final String PROFILES = "benchmark-profiles";
    static final String ROUTING = "routing-maps";
    /** How often a waiting run looks again (another run may have ended, a topology turned Ready). */
    static final Duration WAIT_PERIOD = Duration.ofSeconds(10);

    @Override
    public List<EventSource<?, BenchmarkRun>> prepareEventSources(EventSourceContext<BenchmarkRun> context) {
        var topologies = new InformerEventSource<>(InformerEventSourceConfiguration.from(PubSubTopology.class, BenchmarkRun.class)
                .withName(TOPOLOGIES)
                .withNamespacesInheritedFromController()
                .withSecondaryToPrimaryMapper(t -> context.getPrimaryCache().list()
                        .filter(r -> r.getMetadata().getNamespace().equals(t.getMetadata().getNamespace())
                                && r.getSpec() != null && t.getMetadata().getName().equals(RunStart.topologyOf(r)))
                        .map(ResourceID::fromResource).collect(Collectors.toSet()))
                .build(), context);
        var profiles = new InformerEventSource<>(InformerEventSourceConfiguration.from(BrokerProfile.class, BenchmarkRun.class)
                .withName(PROFILES)
                .withNamespacesInheritedFromController()
                .withSecondaryToPrimaryMapper(p -> java.util.Set.of())
                .build(), context);
        var routing = new InformerEventSource<>(InformerEventSourceConfiguration.from(ConfigMap.class, BenchmarkRun.class)
                .withName(ROUTING)
                .withNamespacesInheritedFromController()
                .withLabelSelector("app.kubernetes.io/managed-by=" + Names.MANAGED_BY)
                .withSecondaryToPrimaryMapper(c -> java.util.Set.of())
                .build(), context);
        return List.of(topologies, profiles, routing);
    }

    @Override
    public UpdateControl<BenchmarkRun> reconcile(BenchmarkRun run, Context<BenchmarkRun> context) {
        BenchmarkRunStatus status = run.getStatus() == null ? new BenchmarkRunStatus() : run.getStatus();
        run.setStatus(status);
        status.observedGeneration = run.getMetadata().getGeneration();
        RunProgress progress = new RunProgress(run, status, context.getClient());
        if (!status.finished()) {
            step(run, context, progress);
            if (status.finished()) {
                return finish(run, context);
            }
        }
        context.managedWorkflowAndDependentResourceContext().reconcileManagedWorkflow();
        UpdateControl<BenchmarkRun> update = UpdateControl.patchStatus(run);
        // pods are not watched: a waiting or running run looks again (a client pod may not be schedulable)
        return status.phase == Phase.Pending || status.phase == Phase.Running ? update.rescheduleAfter(WAIT_PERIOD)
                : update;
    }

    /**
     * Writes the finished status before the workflow deletes the Job, and caches it: the Job's deletion wakes the
     * reconciler again, and a pass that read the run still Running from a stale cache would create the Job anew.
     */
    private static UpdateControl<BenchmarkRun> finish(BenchmarkRun run, Context<BenchmarkRun> context) {
        StatusApply.of(run, BenchmarkRun::new, context);
        context.managedWorkflowAndDependentResourceContext().reconcileManagedWorkflow();
        return UpdateControl.noUpdate();
    }

    private void step(BenchmarkRun run, Context<BenchmarkRun> context, RunProgress progress) {
        if (run.getSpec().mode == BenchmarkRunSpec.Mode.Calibrate) {
            Calibration.step(run, context, progress);
            return;
        }
        Optional<PubSubTopology> topology = Informers.get(context, PubSubTopology.class, TOPOLOGIES, run.getSpec().topologyRef.name,
                run.getMetadata().getNamespace());
        boolean running = progress.status.phase == Phase.Running;
        Optional<RunStart.Wait> wait = running ? Optional.empty() : RunStart.waitReason(run, topology,
                topology.flatMap(t -> routingMap(context, t)).isPresent(), context.getPrimaryCache().list());
        if (wait.isPresent()) {
            progress.pending(wait.get().reason(), wait.get().message());
            return;
        }
        Optional<Layout> own = Optional.ofNullable(run.getSpec().layout).map(Layout::parse);
        BenchmarkDesign design;
        try {
            // designed on every pass while running, too: the Job's desired state and the verdict both need it
            design = design(run, context, topology.orElseThrow(
                    () -> new BenchmarkDesign.Refused("TopologyNotFound", "the topology went away during the run")),
                    own);
        } catch (BenchmarkDesign.Refused e) {
            progress.fail(e.reason, e.getMessage());
            return;
        } catch (RuntimeException e) {
            progress.fail("InvalidRun", e.getMessage());
            return;
        }
        WorkflowInputs.put(context, design);
        // the design succeeded, so the topology is there
        Optional<TemporaryBrokers> temporary = own.map(l -> TemporaryBrokers.forLayout(run, topology.get(), l));
        temporary.ifPresent(t -> t.keep(run, context));
        if (running) {
            follow(run, context, progress, started(progress.status, design), points -> {
                BenchmarkVerdict.fill(progress.status, design, points, run.getSpec().tolerance,
                        run.getSpec().mode == BenchmarkRunSpec.Mode.Saturate);
                progress.succeed();
            });
            return;
        }
        Optional<String> starting = temporary.flatMap(t -> TemporaryBrokersStart.waiting(run, t, context,
                "placed and sized as the topology's brokers, beside them"));
        if (starting.isPresent()) {
            progress.pending(TemporaryBrokersStart.REASON, starting.get());
            return;
        }
        progress.status.layout = design.layout().dimensions();
        progress.status.job = BenchmarkJob.name(run);
        progress.status.startTime = Instant.now().toString();
        progress.running("Started", started(progress.status, design));
    }

    private static String started(BenchmarkRunStatus status, BenchmarkDesign design) {
        return "measuring layout " + status.layout + " with " + design.plan().clients() + " client pod(s), "
                + design.plan().points().size() + " point(s)";
    }

    /** The design for the layout the run measures: its own {@code spec.layout}, else the topology's routed one. */
    private BenchmarkDesign design(BenchmarkRun run, Context<BenchmarkRun> context, PubSubTopology topology,
                                   Optional<Layout> own) throws BenchmarkDesign.Refused {
        Layout layout = own.orElseGet(() -> {
            var map = RoutingMapCodec.fromJson(routingMap(context, topology).orElseThrow());
            return new Layout(map.publisherGroups(), map.subscriberGroups());
        });
        var profile = TopologyPlanning.profile(topology, Informers.list(context, BrokerProfile.class, PROFILES));
        return BenchmarkDesign.of(run, topology.getSpec(), profile, layout, System.currentTimeMillis());
    }

    /**
     * A Running run: follows its Job until it ends, and hands the measured points to {@code done}; while client pods
     * wait, the condition says why, and {@code started} again once they run.
     */
    static void follow(BenchmarkRun run, Context<BenchmarkRun> context, RunProgress progress, String started,
                       Consumer<List<LoadResult>> done) {
        Optional<Job> job = context.getSecondaryResource(Job.class);
        if (job.isEmpty()) {
            // just created (the informer has not seen it yet), or deleted by hand: the deadline tells them apart
            return;
        }
        JobOutcome outcome = JobOutcome.of(job.get(), RunResults.name(run), context.getClient());
        if (outcome instanceof JobOutcome.Running waiting && !waiting.waiting().isEmpty()) {
            progress.running("ClientsWaiting", "client pods cannot start yet: " + waiting.waiting());
        } else if (outcome instanceof JobOutcome.Running) {
            progress.running("Started", started);
        } else if (outcome instanceof JobOutcome.Failed failed) {
            progress.fail(failed.reason(), failed.message());
        } else if (outcome instanceof JobOutcome.Done measured) {
            done.accept(measured.points());
        }
    }

    private static Optional<String> routingMap(Context<BenchmarkRun> context, PubSubTopology topology) {
        return Informers.get(context, ConfigMap.class, ROUTING, Names.routing(topology), topology.getMetadata().getNamespace())
                .map(ConfigMap::getData).map(d -> d.get(RoutingMapCodec.CONFIG_MAP_KEY));
    }
}
