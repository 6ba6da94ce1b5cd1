package io.brokerwise.operator.topology;

import io.brokerwise.api.planning.PlanReports;
import io.brokerwise.api.planning.QueuePlan;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologyStatus;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.operator.Informers;
import io.brokerwise.operator.LeanItemStore;
import io.brokerwise.operator.Outcome;
import io.brokerwise.operator.StatusApply;
import io.brokerwise.operator.WorkflowInputs;
import io.brokerwise.operator.autoscaling.AutoscaledLayout;
import io.brokerwise.operator.autoscaling.AutoscalingObserver;
import io.brokerwise.operator.autoscaling.BrokerRetirement;
import io.brokerwise.operator.dependent.BrokerCertificates;
import io.brokerwise.operator.dependent.BrokerConfigMap;
import io.brokerwise.operator.dependent.BrokerDisruptionBudget;
import io.brokerwise.operator.dependent.BrokerNetworkPolicy;
import io.brokerwise.operator.dependent.BrokerSet;
import io.brokerwise.operator.dependent.BrokerStatefulSet;
import io.brokerwise.operator.dependent.BrokersService;
import io.brokerwise.operator.dependent.CredentialsSecret;
import io.brokerwise.operator.dependent.JournalStorage;
import io.brokerwise.operator.dependent.BrokerTrust;
import io.brokerwise.operator.dependent.ManagementSecret;
import io.brokerwise.operator.dependent.RoutingConfigMap;
import io.brokerwise.operator.dependent.VerificationRun;
import io.brokerwise.operator.journal.JournalVolumes;
import io.brokerwise.operator.layout.BrokerLayout;
import io.brokerwise.operator.layout.BrokerReadiness;
import io.brokerwise.operator.layout.Conditions;
import io.brokerwise.operator.layout.DedicatedNodes;
import io.brokerwise.operator.layout.Deployment;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.operator.layout.QueueLayout;
import io.brokerwise.operator.layout.RolloutStep;
import io.brokerwise.operator.layout.TopologyPlanning;
import io.brokerwise.operator.monitor.BrokerMonitor;
import io.brokerwise.operator.queues.ReplicatedQueues;
import io.brokerwise.operator.rollout.Rollouts;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.javaoperatorsdk.operator.AggregatedOperatorException;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.processing.event.source.inbound.SimpleInboundEventSource;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.Workflow;
import io.javaoperatorsdk.operator.api.reconciler.dependent.Dependent;
import io.javaoperatorsdk.operator.api.reconciler.dependent.DependentResource;
import io.javaoperatorsdk.operator.api.reconciler.dependent.managed.ManagedWorkflowAndDependentResourceContext;
import io.javaoperatorsdk.operator.processing.dependent.workflow.WorkflowReconcileResult;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.brokerwise.operator.modelmetrics.CertificateExpiry;
import io.brokerwise.operator.modelmetrics.ModelMetrics;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Plans a PubSubTopology and deploys the layout: validate, resolve the profile, count the dedicated
 * nodes, plan, observe the brokers where spec.autoscaling asks for it ({@link AutoscalingObserver}; mode Auto's
 * layout takes the plan's place, {@link AutoscaledLayout}), hold the plan if approval is Manual or the inhibition of
 * the last change is on, apply the dependents with the replicated queues beside the topic ({@link ReplicatedQueues}),
 * and report, with how full the brokers' journal volumes are ({@link JournalVolumes}). Nothing is applied unless the
 * spec is valid and a feasible plan is approved: a bad change leaves the running brokers as they are, and says why in
 * the conditions.
 */
@Workflow(explicitInvocation = true, dependents = {
    @Dependent(type = CredentialsSecret.class),
    @Dependent(type = BrokerCertificates.class, reconcilePrecondition = BrokerCertificates.Generated.class),
    @Dependent(type = ManagementSecret.class),
    @Dependent(type = BrokerConfigMap.class, name = PubSubTopologyReconciler.BROKER_CONFIG),
    @Dependent(type = BrokerNetworkPolicy.class),
    @Dependent(type = BrokersService.class),
    // a new broker.xml rolls the brokers (its hash is on the pod template): it must be there before they restart
    @Dependent(type = BrokerStatefulSet.class, dependsOn = PubSubTopologyReconciler.BROKER_CONFIG),
    @Dependent(type = BrokerDisruptionBudget.class),
    @Dependent(type = RoutingConfigMap.class),
    @Dependent(type = VerificationRun.class, reconcilePrecondition = VerificationRun.Due.class),
})
// Not generation-aware: approving a plan is an annotation, which does not bump the generation; NewsForAPass leaves
// out the operator's own status writes instead.
@ControllerConfiguration(generationAwareEventProcessing = false,
        informer = @Informer(onUpdateFilter = NewsForAPass.class, itemStore = TopologyStore.class))
public class PubSubTopologyReconciler implements Reconciler<PubSubTopology> {

    static final String BROKER_CONFIG = "broker-config";
    static final String NODES = "nodes";
    static final String NAMESPACES = "namespaces";
    static final String PROFILES = "profiles";
    static final String PODS = "broker-pods";
    static final String STORAGE_CLASSES = "storage-classes";
    static final String READINGS = "broker-readings";
    /** How soon a topology with a Pending broker is looked at again. */
    static final Duration PENDING_RECHECK = Duration.ofSeconds(15);
    /** How soon a layout the API server refused is applied again. */
    public static final Duration APPLY_RETRY = Duration.ofSeconds(10);

    private final TopologyPlanning planning = new TopologyPlanning();
    private final LayoutDecision decision = new LayoutDecision(Clock.systemUTC());

    @Inject
    MeterRegistry metrics;

    @Inject
    ModelMetrics modelMetrics;

    @Inject
    AutoscalingObserver autoscaling;

    @Inject
    BrokerMonitor monitor;

    @Inject
    BrokerRetirement retirement;

    @Inject
    JournalVolumes journalVolumes;

    @Inject
    ReplicatedQueues queues;

    @Inject
    Rollouts rollouts;

    @Override
    public List<EventSource<?, PubSubTopology>> prepareEventSources(EventSourceContext<PubSubTopology> context) {
        // without a finalizer no pass follows a deletion: the metrics of deleted topologies go by a sweep
        modelMetrics.sweepWith(() -> all(context));
        // a node's change of readiness, labels or taints may change how many brokers every topology can have:
        // re-plan them all; its heartbeats change nothing of that
        var nodes = new InformerEventSource<>(InformerEventSourceConfiguration.from(Node.class, PubSubTopology.class)
                .withName(NODES)
                .withItemStore(new LeanItemStore<>())
                .withOnUpdateFilter(DedicatedNodes::placementChanged)
                .withSecondaryToPrimaryMapper(node -> all(context))
                .build(), context);
        // a profile change re-plans the topologies of its namespace that name it
        var profiles = new InformerEventSource<>(InformerEventSourceConfiguration.from(BrokerProfile.class, PubSubTopology.class)
                .withName(PROFILES)
                .withNamespacesInheritedFromController()
                .withSecondaryToPrimaryMapper(p -> context.getPrimaryCache().list()
                        .filter(t -> t.getMetadata().getNamespace().equals(p.getMetadata().getNamespace())
                                && t.getSpec() != null && t.getSpec().profileRef != null
                                && p.getMetadata().getName().equals(t.getSpec().profileRef.name))
                        .map(ResourceID::fromResource).collect(Collectors.toSet()))
                .build(), context);
        // broker pods: their readiness moves the routing map and the Ready condition
        var pods = new InformerEventSource<>(InformerEventSourceConfiguration.from(Pod.class, PubSubTopology.class)
                .withName(PODS)
                .withItemStore(new LeanItemStore<>())
                .withNamespacesInheritedFromController()
                .withLabelSelector("app.kubernetes.io/managed-by=" + Names.MANAGED_BY)
                .withSecondaryToPrimaryMapper(pod -> Optional.ofNullable(pod.getMetadata().getLabels().get(Names.INSTANCE_LABEL))
                        .map(name -> java.util.Set.of(new ResourceID(name, pod.getMetadata().getNamespace())))
                        .orElse(java.util.Set.of()))
                .build(), context);
        // a namespace that starts terminating stops its topologies' passes from applying anything
        var namespaces = new InformerEventSource<>(InformerEventSourceConfiguration.from(Namespace.class, PubSubTopology.class)
                .withName(NAMESPACES)
                .withItemStore(new LeanItemStore<>())
                .withSecondaryToPrimaryMapper(ns -> context.getPrimaryCache().list()
                        .filter(t -> t.getMetadata().getNamespace().equals(ns.getMetadata().getName()))
                        .map(ResourceID::fromResource).collect(Collectors.toSet()))
                .build(), context);
        // a storage class that comes or goes may free or stop a topology whose journal claims name it
        var storageClasses = new InformerEventSource<>(InformerEventSourceConfiguration.from(StorageClass.class,
                        PubSubTopology.class)
                .withName(STORAGE_CLASSES)
                .withItemStore(new LeanItemStore<>())
                .withSecondaryToPrimaryMapper(storageClass -> all(context))
                .build(), context);
        // a broker read that ended and wakes its watcher: the pass that waits for it runs now (autoscaling's window, a
        // retirement's check, a journal volume's changed condition)
        var readings = new SimpleInboundEventSource<PubSubTopology>(READINGS);
        monitor.onReadEnded(readings::propagateEvent);
        return List.of(nodes, profiles, pods, namespaces, storageClasses, readings);
    }

    @Override
    public UpdateControl<PubSubTopology> reconcile(PubSubTopology topology, Context<PubSubTopology> context) {
        if (namespaceTerminating(topology, context)) {
            return skipTerminating(topology, context);
        }
        if (Pause.asked(topology)) {
            return pause(topology, context);
        }
        long started = System.nanoTime();
        PubSubTopologyStatus status = statusOf(topology);
        Outcome<PubSubTopologyStatus> outcome = new Outcome<>(topology, status, status.conditions, context.getClient());
        outcome.remove(Conditions.PAUSED);
        Optional<Layout> running = runningLayout(context);
        TopologyState now = TopologyState.read(topology, context);
        var planned = planning.plan(topology, Informers.list(context, Node.class, NODES), Informers.list(context, BrokerProfile.class, PROFILES));
        if (LayoutDecision.specEdited(topology)) {
            AutoscaledLayout.release(status);
        }
        // observed first, so that a change mode Auto applies is deployed in this same pass
        autoscaling.keepOnly(all(context.getPrimaryCache().list()));
        autoscaling.observe(topology, status, Optional.of(planned).filter(TopologyPlanning.Planned.class::isInstance)
                        .map(TopologyPlanning.Planned.class::cast), now.routed(), now.metricsUser(), context.getClient())
                .ifPresent(outcome::lookAgainIn);
        if (planned instanceof TopologyPlanning.Planned p) {
            metrics.timer("brokerwise.plan.time").record(p.planNanos(), TimeUnit.NANOSECONDS);
        }
        LayoutDecision.Decision decided = decision.decide(new LayoutDecision.Inputs(topology, status, planned, running,
                runningQueues(context)));
        Optional<Layout> toApply = apply(decided, topology, outcome);
        if (toApply.isPresent()) {
            // queues waiting for approval: the brokers keep the ones they carry, as a pass that cannot plan does
            deploy(topology, context, outcome, toApply.get(), now, Optional.of(planned)
                    .filter(TopologyPlanning.Planned.class::isInstance).map(TopologyPlanning.Planned.class::cast)
                    .filter(p -> !decided.queuesHeld()));
        } else {
            outcome.set(Conditions.DEPLOYED, false, "NothingToDeploy", "no approved feasible plan yet");
        }
        reportJournalVolumes(topology, context, outcome, now);
        status.observedGeneration = topology.getMetadata().getGeneration();
        topology.setStatus(status);
        metrics.timer("brokerwise.reconcile.time").record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        metrics.counter("brokerwise.reconciliations").increment();
        StatusApply.of(topology, PubSubTopology::new, context);
        modelMetrics.record(topology, CertificateExpiry.of(CredentialsSecret.current(context,
                Names.certificates(topology.getMetadata().getName())), brokerPods(topology, context)));
        UpdateControl<PubSubTopology> control = UpdateControl.noUpdate();
        return outcome.schedule(control);
    }

    /** Applies what the decision says about the plan and the conditions; returns the layout to deploy. */
    private Optional<Layout> apply(LayoutDecision.Decision decision, PubSubTopology topology, Outcome<PubSubTopologyStatus> outcome) {
        decision.verdicts().forEach(outcome::set);
        decision.reported().ifPresent(p -> {
            PlanReports.fill(outcome.status, p.plan(), p.profile());
            outcome.status.queues = QueuePlan.report(p.queues());
        });
        decision.hold().ifPresent(layout -> AutoscaledLayout.hold(outcome.status, layout));
        decision.inhibitFrom().ifPresent(now -> AutoscaledLayout.inhibit(topology, outcome.status, now));
        decision.lookAgainIn().ifPresent(outcome::lookAgainIn);
        return decision.deploy();
    }

    /** @param queuesOf the plan whose queues to deploy; empty: the brokers keep the queues they carry */
    private void deploy(PubSubTopology topology, Context<PubSubTopology> context, Outcome<PubSubTopologyStatus> outcome, Layout layout,
                        TopologyState now, Optional<TopologyPlanning.Planned> queuesOf) {
        var workflow = context.managedWorkflowAndDependentResourceContext();
        BrokerReadiness readiness = BrokerReadiness.of(topology, Informers.list(context, Pod.class, PODS),
                claim -> Optional.ofNullable(context.getClient().persistentVolumeClaims()
                        .inNamespace(topology.getMetadata().getNamespace()).withName(claim).get()));
        QueueLayout queueLayout = queues.layout(topology, queuesOf, context.getSecondaryResource(StatefulSet.class),
                readiness, now.routed(), now.metricsUser(), AutoscaledLayout.heldQueues(topology, outcome.status));
        BrokerSet brokers = BrokerSet.of(topology);
        var storageRefused = JournalStorage.refusal(brokers, context.getSecondaryResource(StatefulSet.class),
                Informers.list(context, StorageClass.class, STORAGE_CLASSES));
        if (storageRefused.isPresent()) {
            outcome.set(storageRefused.get());
            return;
        }
        BrokerTrust trust;
        try {
            trust = BrokerTrust.keep(brokers, topology, context);
        } catch (BrokerTrust.Unusable e) {
            // the team's Secret is not watched: look again for it
            outcome.set(Conditions.DEPLOYED, false, "TlsSecretUnusable", e.getMessage());
            outcome.lookAgainIn(APPLY_RETRY);
            return;
        }
        String template;
        try {
            template = BrokerStatefulSet.templateHash(brokers.withQueues(queueLayout.names()), trust.served());
        } catch (IllegalArgumentException e) {
            // a value the schema lets through but a pod cannot carry (a quantity Kubernetes does not parse)
            outcome.set(Conditions.DEPLOYED, false, "ApplyFailed", layout + " not applied: StatefulSet: "
                    + e.getMessage());
            return;
        }
        RolloutStep step = rollout(topology, context, outcome, new Rollouts.Brokers(layout, now.routed(), readiness,
                template, replicas(context), cordoned(context), now.metricsUser()));
        int retained = retained(topology, context, outcome, Math.max(Math.toIntExact(layout.brokers()),
                queueLayout.brokers()), now);
        WorkflowInputs.put(context, new Deployment(
                new BrokerLayout(layout), readiness, now.routed(), retained, queueLayout, step));
        var refused = applyDependents(workflow);
        if (refused.isEmpty()) {
            outcome.set(Conditions.DEPLOYED, true, "Applied", layout + ": " + layout.brokers() + " brokers"
                    + queueLayout.describe());
            ApprovalAnnotation.consume(context.getClient(), topology);
        } else {
            // the approval stays until the layout is applied; what refused (a quota, an admission policy) may be
            // lifted without an event the operator watches, so it looks again
            outcome.set(Conditions.DEPLOYED, false, "ApplyFailed", layout + " not applied: " + refusals(refused));
            outcome.lookAgainIn(APPLY_RETRY);
        }
        outcome.set(readiness.readyCondition(topology, layout, now.routed()));
        if (readiness.anyPending()) {
            // a Pending broker waits on the scheduler or its journal claim, neither of which sends this operator an
            // event when it moves on (claims are not watched): look again, so that Ready says what it waits for now
            outcome.lookAgainIn(PENDING_RECHECK);
        }
        VerificationReport.report(outcome, topology, layout, context);
    }

    /**
     * Applies the dependents; returns those that failed, with why. A failure is reported in the conditions, not
     * thrown: quarkus-operator-sdk 7.4 does not pass {@code @Workflow(handleExceptionsInReconciler)} on to the
     * workflow, so its aggregate exception is caught and the result it recorded read instead.
     */
    @SuppressWarnings("rawtypes")
    private static Map<DependentResource, Exception> applyDependents(ManagedWorkflowAndDependentResourceContext workflow) {
        try {
            return workflow.reconcileManagedWorkflow().getErroredDependents();
        } catch (AggregatedOperatorException e) {
            return workflow.getWorkflowReconcileResult().map(WorkflowReconcileResult::getErroredDependents)
                    .filter(refused -> !refused.isEmpty()).orElseThrow(() -> e);
        }
    }

    /** "StatefulSet: the API server's message" for each dependent that failed, the API server's words if it said any. */
    @SuppressWarnings("rawtypes")
    private static String refusals(Map<DependentResource, Exception> refused) {
        return refused.entrySet().stream()
                .map(e -> e.getKey().resourceType().getSimpleName() + ": " + apiServerMessage(e.getValue()))
                .sorted().collect(Collectors.joining("; "));
    }

    private static String apiServerMessage(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof KubernetesClientException k && k.getStatus() != null && k.getStatus().getMessage() != null) {
                return k.getStatus().getMessage();
            }
        }
        return String.valueOf(e.getMessage());
    }

    /** This pass's step of a rollout of the brokers, if one is in progress ({@link Rollouts}). */
    private RolloutStep rollout(PubSubTopology topology, Context<PubSubTopology> context,
                                Outcome<PubSubTopologyStatus> outcome, Rollouts.Brokers brokers) {
        Rollouts.Result result = rollouts.step(topology, outcome.status, brokers, context.getClient());
        outcome.set(result.condition());
        if (result.lookAgain()) {
            outcome.lookAgainIn(Rollouts.RECHECK);
        }
        return result.step();
    }

    private static int replicas(Context<PubSubTopology> context) {
        return context.getSecondaryResource(StatefulSet.class).map(s -> s.getSpec().getReplicas()).orElse(0);
    }

    /** The nodes marked unschedulable: the brokers on them move elsewhere, a drain waiting for them. */
    private static java.util.Set<String> cordoned(Context<PubSubTopology> context) {
        return Informers.list(context, Node.class, NODES).stream()
                .filter(n -> Boolean.TRUE.equals(n.getSpec().getUnschedulable()))
                .map(n -> n.getMetadata().getName()).collect(Collectors.toSet());
    }

    /**
     * The broker pods to keep beyond the routing map and the {@code deployed} brokers (the layout's, or a queue's
     * replicas): retiring ones whose brokers still hold clients.
     */
    private int retained(PubSubTopology topology, Context<PubSubTopology> context, Outcome<PubSubTopologyStatus> outcome,
                         int deployed, TopologyState now) {
        int replicas = replicas(context);
        int inUse = Math.max(deployed, Deployment.brokersNamed(now.routed()));
        BrokerRetirement.Retention retention = retirement.keep(topology, outcome.status, replicas, inUse,
                now.metricsUser());
        outcome.set(retention.condition());
        int keep = retention.keep();
        if (keep > inUse) {
            outcome.lookAgainIn(BrokerRetirement.RECHECK);
        }
        return keep;
    }

    /**
     * The JournalVolumes condition of the brokers that run, whatever this pass applied or refused: a volume fills
     * whether or not the spec can be applied. Brokers without a journal have none.
     */
    private void reportJournalVolumes(PubSubTopology topology, Context<PubSubTopology> context,
                                      Outcome<PubSubTopologyStatus> outcome, TopologyState now) {
        journalVolumes.check(topology, context.getSecondaryResource(StatefulSet.class), now.metricsUser())
                .ifPresentOrElse(outcome::set, () -> outcome.remove(Conditions.JOURNAL_VOLUMES));
    }

    /**
     * A namespace being deleted refuses new objects: creating the dependents would fail on every retry until the
     * namespace and the topology are gone. Nothing is planned or applied; the status says why.
     */
    private static boolean namespaceTerminating(PubSubTopology topology, Context<PubSubTopology> context) {
        return Informers.get(context, Namespace.class, NAMESPACES, topology.getMetadata().getNamespace(), null)
                .map(n -> n.getMetadata().getDeletionTimestamp() != null).orElse(false);
    }

    private static UpdateControl<PubSubTopology> skipTerminating(PubSubTopology topology,
                                                                 Context<PubSubTopology> context) {
        PubSubTopologyStatus status = topology.getStatus() == null ? new PubSubTopologyStatus() : topology.getStatus();
        Optional<Condition> before = Conditions.find(status.conditions, Conditions.DEPLOYED);
        // no event: the namespace refuses new Events too
        Conditions.set(status.conditions, topology.getMetadata().getGeneration(), Conditions.DEPLOYED, "False",
                "NamespaceTerminating", "namespace " + topology.getMetadata().getNamespace()
                        + " is being deleted: nothing is applied");
        topology.setStatus(status);
        // each dependent the namespace controller deletes brings a pass: only one that changes the condition (its
        // generation included) writes, so that the passes add no load to an API server busy deleting
        if (!before.equals(Conditions.find(status.conditions, Conditions.DEPLOYED))) {
            StatusApply.of(topology, PubSubTopology::new, context);
        }
        return UpdateControl.noUpdate();
    }

    /**
     * A paused topology: nothing is planned, observed or applied, and its brokers are not read, until the annotation
     * goes; what runs keeps running as it is, whatever was changed by hand.
     */
    private UpdateControl<PubSubTopology> pause(PubSubTopology topology, Context<PubSubTopology> context) {
        // forgets every watcher of the topology: autoscaling's, a retirement's and the journal volumes'
        autoscaling.pause(ResourceID.fromResource(topology));
        // the status stays as the last pass left it: it describes what runs
        PubSubTopologyStatus status = topology.getStatus() == null ? new PubSubTopologyStatus() : topology.getStatus();
        new Outcome<>(topology, status, status.conditions, context.getClient()).set(Conditions.PAUSED, true,
                "ReconciliationPaused", "annotation " + Names.PAUSED_ANNOTATION + "=true: nothing is planned, observed "
                        + "or applied; remove the annotation to resume");
        topology.setStatus(status);
        StatusApply.of(topology, PubSubTopology::new, context);
        return UpdateControl.noUpdate();
    }

    /** k of each queue the running brokers carry, as their StatefulSet records it. */
    private static Map<String, Integer> runningQueues(Context<PubSubTopology> context) {
        return QueueLayout.replicas(context.getSecondaryResource(StatefulSet.class)
                .map(s -> s.getMetadata().getAnnotations()).map(a -> a.get(Names.QUEUES_ANNOTATION)).orElse(null));
    }

    private static Optional<Layout> runningLayout(Context<PubSubTopology> context) {
        return context.getSecondaryResource(StatefulSet.class)
                .map(s -> s.getMetadata().getAnnotations())
                .map(a -> a.get(Names.LAYOUT_ANNOTATION))
                .map(Layout::parse);
    }

    /** The broker pods the StatefulSet has, by name, whose certificates the metrics count down to. */
    private static List<String> brokerPods(PubSubTopology topology, Context<PubSubTopology> context) {
        int replicas = replicas(context);
        return java.util.stream.IntStream.range(0, replicas).mapToObj(i -> Names.statefulSet(topology) + "-" + i)
                .toList();
    }

    private static java.util.Set<ResourceID> all(EventSourceContext<PubSubTopology> context) {
        return all(context.getPrimaryCache().list());
    }

    private static java.util.Set<ResourceID> all(java.util.stream.Stream<PubSubTopology> topologies) {
        return topologies.map(ResourceID::fromResource).collect(Collectors.toSet());
    }

    /**
     * A fresh status that keeps the conditions, so their transition times survive, and what autoscaling last
     * observed, which only a new observation replaces.
     */
    private static PubSubTopologyStatus statusOf(PubSubTopology topology) {
        PubSubTopologyStatus status = new PubSubTopologyStatus();
        if (topology.getStatus() != null && topology.getStatus().conditions != null) {
            status.conditions = new ArrayList<>(topology.getStatus().conditions);
        }
        if (topology.getStatus() != null) {
            status.autoscaling = topology.getStatus().autoscaling;
            status.rollout = topology.getStatus().rollout;
        }
        return status;
    }
}
