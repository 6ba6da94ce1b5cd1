package io.brokerwise.operator.benchmark;

import io.brokerwise.operator.WorkflowInputs;
import io.brokerwise.api.v1alpha1.BenchmarkClients;
import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BenchmarkRunStatus;
import io.brokerwise.broker.BrokerRole;
import io.brokerwise.measure.contract.SliceReport;
import io.brokerwise.operator.RestrictedPodSecurity;
import io.brokerwise.operator.dependent.CredentialsSecret;
import io.brokerwise.operator.temporary.TemporaryBrokers;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.Creator;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependentResource;
import io.javaoperatorsdk.operator.processing.dependent.workflow.Condition;
import io.javaoperatorsdk.operator.api.reconciler.dependent.GarbageCollected;
import io.javaoperatorsdk.operator.api.reconciler.dependent.DependentResource;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The benchmark's client pods as an Indexed Job: pod i runs slice i of the plan against the topology's
 * brokers (or a calibration's temporary broker), reading their routing map from its ConfigMap and the brokers'
 * user from their Secret, and writes its report into the run's {@link RunResults} as {@link ClientAccount}. Created
 * once and never updated (a Job's pods are immutable); deleted when the run ends, so no pod outlives it. No
 * retries: a failed client would measure a different load, so the run fails with the pod's reason instead.
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class BenchmarkJob extends KubernetesDependentResource<Job, BenchmarkRun>
        implements Creator<Job, BenchmarkRun>, GarbageCollected<BenchmarkRun> {

    static final String RUN_LABEL = "brokerwise.io/benchmark-run";
    /** The {@code app.kubernetes.io/name} of every object of a run's clients. */
    static final String APP = "brokerwise-benchmark";
    static final String ROUTING_MOUNT = "/etc/brokerwise/routing";
    /** Finished Jobs go when their run has read them; this is the backstop if the operator is away. */
    static final int TTL_SECONDS_AFTER_FINISHED = 600;
    /** Beyond the plan's end, how long a Job may take to start and drain before Kubernetes stops it. */
    static final long DEADLINE_SLACK_SECONDS = 300;

    public BenchmarkJob() {
        super(Job.class);
    }

    public static String name(BenchmarkRun run) {
        return run.getMetadata().getName() + "-clients";
    }

    @Override
    protected Job desired(BenchmarkRun run, Context<BenchmarkRun> context) {
        BenchmarkDesign design = WorkflowInputs.get(context, BenchmarkDesign.class);
        String brokers = brokers(run);
        int clients = design.plan().clients();
        long deadline = (design.plan().endEpochMillis() - System.currentTimeMillis()) / 1000 + DEADLINE_SLACK_SECONDS;
        return new JobBuilder()
                .withNewMetadata().withName(name(run)).withNamespace(run.getMetadata().getNamespace())
                .withLabels(labels(run)).endMetadata()
                .withNewSpec()
                .withCompletionMode("Indexed").withCompletions(clients).withParallelism(clients)
                .withBackoffLimit(0).withActiveDeadlineSeconds(deadline)
                .withTtlSecondsAfterFinished(TTL_SECONDS_AFTER_FINISHED)
                .withNewTemplate().withNewMetadata().withLabels(labels(run)).endMetadata()
                .withSpec(pod(run, brokers, plan(design))).endTemplate()
                .endSpec().build();
    }

    private static String plan(BenchmarkDesign design) {
        try {
            return design.plan().toJson();
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot write the benchmark plan", e);
        }
    }

    /** The run's Job, found by name: deleting it must not need the design that creating it did. */
    @Override
    protected ResourceID targetSecondaryResourceID(BenchmarkRun run, Context<BenchmarkRun> context) {
        return new ResourceID(name(run), run.getMetadata().getNamespace());
    }

    /**
     * Deletes the Job with its pods: the API server's default for a Job is to orphan them, which would leave
     * the finished client pods behind.
     */
    @Override
    public void deleteTargetResource(BenchmarkRun run, Job job, ResourceID id, Context<BenchmarkRun> context) {
        context.getClient().batch().v1().jobs().inNamespace(id.getNamespace().orElseThrow()).withName(id.getName())
                .withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();
    }

    /** Its pods are clients of the brokers they measure: a topology's NetworkPolicy lets them reach its brokers. */
    static Map<String, String> labels(BenchmarkRun run) {
        Map<String, String> labels = new HashMap<>(runLabels(run));
        labels.put(Names.CLIENT_OF_LABEL, brokers(run));
        return labels;
    }

    /** The labels of every object of a run's clients: the Job, and what its pods write their reports with. */
    static Map<String, String> runLabels(BenchmarkRun run) {
        return Map.of("app.kubernetes.io/name", APP, "app.kubernetes.io/managed-by", Names.MANAGED_BY,
                RUN_LABEL, run.getMetadata().getName());
    }

    /** The brokers a run measures: its own temporary ones (a calibration's, a layout's), or its topology's. */
    static String brokers(BenchmarkRun run) {
        return TemporaryBrokers.deployedBy(run) ? TemporaryBrokers.name(run) : run.getSpec().topologyRef.name;
    }

    private static PodSpec pod(BenchmarkRun run, String brokers, String plan) {
        BenchmarkClients clients = run.getSpec().clients;
        Map<String, Quantity> requests = Map.of("cpu", new Quantity(clients.cpu), "memory", new Quantity(clients.memory));
        Map<String, Quantity> limits = Boolean.FALSE.equals(clients.cpuLimited)
                ? Map.of("memory", requests.get("memory")) : requests;
        PodSpecBuilder pod = new PodSpecBuilder()
                .withRestartPolicy("Never")
                .withNodeSelector(clients.nodeSelector)
                .withTolerations(clients.tolerations)
                .withSecurityContext(RestrictedPodSecurity.pod())
                // ClientAccount, named as the Job; its token is how a pod writes its report, so mounted whatever
                // the ServiceAccount's default
                .withServiceAccountName(name(run))
                .withAutomountServiceAccountToken(true)
                .addNewContainer()
                .withName("clients")
                .withImage(clients.image == null ? defaultImage() : clients.image)
                .withImagePullPolicy("IfNotPresent")
                .withEnv(env(brokers, plan, RunResults.name(run)))
                .withNewResources().withRequests(requests).withLimits(limits).endResources()
                .withTerminationMessagePolicy("FallbackToLogsOnError")
                .withSecurityContext(RestrictedPodSecurity.container())
                .addNewVolumeMount().withName("routing").withMountPath(ROUTING_MOUNT).withReadOnly(true).endVolumeMount()
                .addNewVolumeMount().withName("tmp").withMountPath("/tmp").endVolumeMount()
                .endContainer()
                .addNewVolume().withName("routing").withNewConfigMap().withName(Names.routing(brokers)).endConfigMap()
                .endVolume()
                .addNewVolume().withName("tmp").withNewEmptyDir().endEmptyDir().endVolume();
        if (clients.nodeSelector == null || clients.nodeSelector.isEmpty()) {
            // off the dedicated broker nodes unless asked: a client beside a broker takes the broker's CPU
            pod.withNewAffinity().withNewNodeAffinity().withNewRequiredDuringSchedulingIgnoredDuringExecution()
                    .addNewNodeSelectorTerm().withMatchExpressions(new NodeSelectorRequirementBuilder()
                            .withKey("brokerwise.io/broker-node").withOperator("DoesNotExist").build())
                    .endNodeSelectorTerm().endRequiredDuringSchedulingIgnoredDuringExecution().endNodeAffinity()
                    .endAffinity();
        }
        return pod.build();
    }

    /**
     * The plan, the ConfigMap of the reports, the application user (the clients publish and subscribe) and the metrics
     * user (they read the brokers' counters and CPU): the two keys of the metrics user alone, by name, never the
     * management user that shares its Secret. The CA of brokers that speak TLS comes from the application user's
     * Secret, which has it exactly when they do: an optional key.
     */
    private static List<EnvVar> env(String brokers, String plan, String results) {
        String application = Names.credentials(brokers);
        String management = Names.management(brokers);
        return List.of(
                new EnvVarBuilder().withName("BENCHMARK_PLAN").withValue(plan).build(),
                new EnvVarBuilder().withName(SliceReport.CONFIG_MAP_ENV).withValue(results).build(),
                secretKey(application, BrokerRole.APPLICATION.userKey()),
                secretKey(application, BrokerRole.APPLICATION.passwordKey()),
                secretKey(management, BrokerRole.METRICS.userKey()),
                secretKey(management, BrokerRole.METRICS.passwordKey()),
                secretKey(application, CredentialsSecret.CA_KEY, true));
    }

    private static EnvVar secretKey(String secret, String key) {
        return secretKey(secret, key, false);
    }

    private static EnvVar secretKey(String secret, String key, boolean optional) {
        return new EnvVarBuilder().withName(key).withNewValueFrom().withNewSecretKeyRef(key, secret, optional)
                .endValueFrom().build();
    }

    static String defaultImage() {
        return ConfigProvider.getConfig().getOptionalValue("brokerwise.benchmark.image", String.class)
                .orElse("brokerwise.io/bench:0.1.0");
    }

    /**
     * The Job, and what its pods write their reports with, exist while the run is Running: none while the run waits,
     * and once it has ended (or is deleted) the workflow deletes them, the Job with its pods.
     */
    public static class WhileRunning implements Condition<HasMetadata, BenchmarkRun> {
        @Override
        public boolean isMet(DependentResource<HasMetadata, BenchmarkRun> dependent, BenchmarkRun run,
                             Context<BenchmarkRun> context) {
            return run.getStatus() != null && run.getStatus().phase == BenchmarkRunStatus.Phase.Running;
        }
    }
}
