package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.BrokerSpec;
import io.brokerwise.api.v1alpha1.PlacementSpec;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.MountedCredentials;
import io.brokerwise.broker.tls.BrokerKeyStore;
import io.brokerwise.operator.RestrictedPodSecurity;
import io.brokerwise.operator.layout.Deployment;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.operator.layout.QueueLayout;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraintBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.CRUDKubernetesDependentResource;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The brokers: one pod per grid cell on the dedicated nodes, Guaranteed QoS (requests = limits), at
 * most {@code brokersPerNode} per node. Replicas never drop below the brokers the current routing map
 * names, so a shrinking layout first leaves the map and only then loses its pods; with autoscaling on, not below
 * a retiring broker that still holds clients either ({@link BrokerRetirement}). The pod template
 * does not depend on the layout: growing or shrinking changes replicas and restarts no broker. Pods run
 * restricted ({@link RestrictedPodSecurity}): non-root, read-only root, writing only to their emptyDirs. A broker
 * reads its users from its two Secrets mounted as files ({@link MountedCredentials}), not from environment
 * variables, so that a rotated password reaches it without a restart. A broker that speaks TLS mounts the Secret of
 * its certificates too ({@link BrokerSet#certificateSecret()}) and picks its own pair by its pod name
 * ({@link BrokerKeyStore}).
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class BrokerStatefulSet extends CRUDKubernetesDependentResource<StatefulSet, PubSubTopology> {

    static final String DEFAULT_CPU = "1";
    /** What a Prometheus with the common pod-annotation scrape config needs to find every broker's metrics. */
    static final Map<String, String> PROMETHEUS = Map.of("prometheus.io/scrape", "true",
            "prometheus.io/port", Integer.toString(BrokerConfiguration.METRICS_PORT), "prometheus.io/path", "/metrics");
    static final String DEFAULT_MEMORY = "1Gi";
    /**
     * How long a broker may take to stop. A NonPersistent broker holds nothing to write: it stops within about a
     * second of SIGTERM (a deleted broker pod on the local cluster's node is gone in 0.9 to 1.0 s), and 10 s leave a
     * wide margin. A Persistent one closes its journal and page files, so it keeps Kubernetes's default 30 s. The
     * shorter period also shortens a namespace's deletion: its controller waits the longest grace period of the
     * namespace's pods before it looks again.
     */
    static long terminationGraceSeconds(BrokerSet brokers) {
        return brokers.journaled() ? 30 : 10;
    }
    /** The ConfigMap mounts where BrokerMain looks by default. */
    private static final String CONFIG_DIR = java.nio.file.Path.of(BrokerConfiguration.DEFAULT_PATH).getParent().toString();
    /** The volume that holds the broker's data directory. */
    static final String DATA_DIR = java.nio.file.Path.of(BrokerConfiguration.POD_DATA_DIRECTORY).getParent().toString();
    static final String TLS_HASH_ANNOTATION = "brokerwise.io/tls-hash";
    /** Startup probes 5 s apart: 4 minutes, beyond the 3 a broker waits for its certificate before it gives up. */
    static final int STARTUP_PROBES = 48;

    public BrokerStatefulSet() {
        super(StatefulSet.class);
    }

    @Override
    protected StatefulSet desired(PubSubTopology topology, Context<PubSubTopology> context) {
        Deployment deployment = Layouts.deployment(context);
        QueueLayout queues = deployment.queues();
        BrokerSet brokers = BrokerSet.of(topology).withQueues(queues.names());
        StatefulSet set = new StatefulSetBuilder(render(brokers, replicas(deployment)))
                .editMetadata().addToAnnotations(Names.LAYOUT_ANNOTATION, Layouts.of(context).layout().dimensions()).endMetadata()
                .editSpec().withTemplate(template(brokers, BrokerTrust.of(context).served()))
                // the operator replaces brokers itself, a cell at a time, once its clients have moved (RolloutDecision)
                .withNewUpdateStrategy().withType("OnDelete").endUpdateStrategy().endSpec()
                .build();
        if (!queues.isEmpty()) {
            // what the brokers carry, for a pass that cannot plan and keeps it
            set.getMetadata().getAnnotations().put(Names.QUEUES_ANNOTATION, queues.annotation());
        }
        return set;
    }

    /**
     * The brokers' pod template with what they serve: brokers read their key store when they start, so a new CA, or a
     * renewed team certificate, is a new template. It carries the hash of the rest of itself, which a rollout compares
     * each pod's with ({@link Names#TEMPLATE_HASH_ANNOTATION}).
     *
     * @param served what the brokers' key stores are made of ({@link BrokerTrust#served()}); null without TLS
     */
    public static PodTemplateSpec template(BrokerSet brokers, String served) {
        PodTemplateSpec template = template(brokers);
        Map<String, String> annotations = template.getMetadata().getAnnotations();
        if (served != null) {
            annotations.put(TLS_HASH_ANNOTATION, hash(served));
        }
        annotations.put(Names.TEMPLATE_HASH_ANNOTATION, hash(canonicalJson(template)));
        return template;
    }

    /** The hash a pod made from the current template of these brokers carries. */
    public static String templateHash(BrokerSet brokers, String served) {
        return template(brokers, served).getMetadata().getAnnotations().get(Names.TEMPLATE_HASH_ANNOTATION);
    }

    /**
     * The template as JSON with every map's keys in order: a map's own order may differ between two runs of the
     * operator, and a hash that changed with it would roll every broker after a restart.
     */
    private static String canonicalJson(PodTemplateSpec template) {
        try {
            return CANONICAL.writeValueAsString(template);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a pod template always serializes", e);
        }
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper CANONICAL =
            new com.fasterxml.jackson.databind.ObjectMapper()
                    .configure(com.fasterxml.jackson.databind.SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    /**
     * The brokers' pods: the layout's or the largest queue's, whichever is more, never fewer than the routing map or a
     * retiring broker still uses, or a rollout keeps (a new broker that takes a cell before the old one goes).
     */
    static int replicas(Deployment deployment) {
        int planned = Math.max(deployment.layout().brokers(), deployment.queues().brokers());
        int kept = Math.max(deployment.retained(), deployment.rollout().replicas());
        return Math.max(planned, Math.max(deployment.brokersInUse(), kept));
    }

    /** The StatefulSet of a set of brokers. */
    public static StatefulSet render(BrokerSet brokers, int replicas) {
        String name = brokers.name();
        JournalClaim claim = brokers.claim();
        return new StatefulSetBuilder()
                .withMetadata(brokers.metadata(Names.statefulSet(name)))
                .withNewSpec()
                .withReplicas(replicas)
                .withServiceName(Names.service(name))
                .withPodManagementPolicy("Parallel")
                .withNewSelector().withMatchLabels(Names.brokerSelector(name)).endSelector()
                .withTemplate(template(brokers))
                // a claim per broker, made once; the API server refuses any later change of it (JournalStorage). No
                // claim is an empty list, never null: JOSDK's matcher of a StatefulSet reads the list's size
                .withVolumeClaimTemplates(claim == null ? List.of() : List.of(claim.template()))
                .withPersistentVolumeClaimRetentionPolicy(claim == null ? null : claim.retention())
                .endSpec().build();
    }

    /**
     * The broker pod. Its configuration's hash is an annotation: brokers read broker.xml only when they start, so
     * a changed configuration (a new connection limit, say) rolls them, one at a time, onto the new one.
     */
    static PodTemplateSpec template(BrokerSet brokers) {
        Map<String, String> annotations = new HashMap<>(PROMETHEUS);
        annotations.put(Names.CONFIG_HASH_ANNOTATION, configHash(brokers));
        return new PodTemplateSpecBuilder()
                .withNewMetadata().withLabels(Names.brokerSelector(brokers.name())).withAnnotations(annotations)
                .endMetadata()
                .withSpec(pod(brokers)).build();
    }

    /** The hash of the set's broker.xml, as its pods carry it once they run it. */
    public static String configHash(BrokerSet brokers) {
        return hash(BrokerConfigMap.brokerXml(brokers));
    }

    private static PodSpec pod(BrokerSet brokers) {
        PodSpec pod = journal(brokers, plainPod(brokers));
        if (!brokers.speaksTls()) {
            return pod;
        }
        return new PodSpecBuilder(pod)
                .editFirstContainer()
                .addNewEnv().withName(BrokerKeyStore.DIRECTORY_ENV).withValue(BrokerKeyStore.POD_DIRECTORY).endEnv()
                .addNewVolumeMount().withName("tls").withMountPath(BrokerKeyStore.POD_DIRECTORY).withReadOnly(true)
                .endVolumeMount()
                .endContainer()
                .addNewVolume().withName("tls").withNewSecret().withSecretName(brokers.certificateSecret())
                .withDefaultMode(0440).endSecret().endVolume()
                .build();
    }

    private static PodSpec plainPod(BrokerSet brokers) {
        PlacementSpec placement = brokers.placement();
        BrokerSpec broker = brokers.broker();
        String name = brokers.name();
        Map<String, Quantity> resources = Map.of(
                "cpu", new Quantity(broker.cpu == null ? DEFAULT_CPU : broker.cpu),
                "memory", new Quantity(broker.memory == null ? DEFAULT_MEMORY : broker.memory));
        return new PodSpecBuilder()
                .withNodeSelector(placement.nodeSelector)
                .withTolerations(placement.tolerations)
                .withAffinity(placement.brokersPerNode == 1 ? oneBrokerPerNode(name) : null)
                .withTopologySpreadConstraints(placement.brokersPerNode > 1 ? spread(name) : List.of())
                .withTerminationGracePeriodSeconds(terminationGraceSeconds(brokers))
                .withSecurityContext(RestrictedPodSecurity.pod())
                .addNewContainer()
                .withName("artemis")
                .withImage(broker.image == null ? defaultImage() : broker.image)
                .withImagePullPolicy("IfNotPresent")
                .withEnv(env())
                .withSecurityContext(RestrictedPodSecurity.container())
                .addNewPort().withName("artemis").withContainerPort(Names.BROKER_PORT).endPort()
                .addNewPort().withName("metrics").withContainerPort(BrokerConfiguration.METRICS_PORT).endPort()
                .withNewResources().withRequests(resources).withLimits(resources).endResources()
                .withNewReadinessProbe().withNewTcpSocket().withNewPort(Names.BROKER_PORT).endTcpSocket()
                .withPeriodSeconds(2).withFailureThreshold(3).endReadinessProbe()
                // a new broker of a growing layout may wait minutes for its certificate to reach the pod (the
                // kubelet's sync of a changed Secret); liveness starts once the acceptor first answers
                .withNewStartupProbe().withNewTcpSocket().withNewPort(Names.BROKER_PORT).endTcpSocket()
                .withPeriodSeconds(5).withFailureThreshold(STARTUP_PROBES).endStartupProbe()
                .withNewLivenessProbe().withNewTcpSocket().withNewPort(Names.BROKER_PORT).endTcpSocket()
                .withPeriodSeconds(10).withFailureThreshold(3).endLivenessProbe()
                .addNewVolumeMount().withName("config").withMountPath(CONFIG_DIR).withReadOnly(true).endVolumeMount()
                .addNewVolumeMount().withName("credentials").withMountPath(MountedCredentials.POD_DIRECTORY)
                .withReadOnly(true).endVolumeMount()
                // the only writes (run under a read-only root) besides a journal: Artemis's scratch directory, and
                // /tmp, where Netty unpacks its native epoll transport
                .addNewVolumeMount().withName("data").withMountPath(DATA_DIR).endVolumeMount()
                .addNewVolumeMount().withName("tmp").withMountPath("/tmp").endVolumeMount()
                .endContainer()
                .addNewVolume().withName("config").withNewConfigMap().withName(Names.brokerConfig(name)).endConfigMap()
                .endVolume()
                // both Secrets in one directory, one file per key; never subPath, which the kubelet does not update
                .addNewVolume().withName("credentials").withNewProjected().withDefaultMode(0440)
                .addNewSource().withNewSecret().withName(Names.credentials(name)).endSecret().endSource()
                .addNewSource().withNewSecret().withName(Names.management(name)).endSecret().endSource()
                .endProjected().endVolume()
                .addNewVolume().withName("data").withNewEmptyDir().endEmptyDir().endVolume()
                .addNewVolume().withName("tmp").withNewEmptyDir().endEmptyDir().endVolume()
                .build();
    }

    /**
     * A broker with a journal mounts it where its broker.xml keeps it: its claim's volume, or, for a temporary broker
     * with no claim, an emptyDir that goes with the pod.
     */
    private static PodSpec journal(BrokerSet brokers, PodSpec pod) {
        if (!brokers.journaled()) {
            return pod;
        }
        PodSpecBuilder journaled = new PodSpecBuilder(pod).editFirstContainer().addNewVolumeMount()
                .withName(JournalClaim.VOLUME).withMountPath(BrokerConfiguration.POD_JOURNAL_DIRECTORY).endVolumeMount()
                .endContainer();
        if (brokers.claim() == null) {
            journaled.addNewVolume().withName(JournalClaim.VOLUME).withNewEmptyDir().endEmptyDir().endVolume();
        }
        return journaled.build();
    }

    private static List<EnvVar> env() {
        return List.of(
                new EnvVarBuilder().withName("BROKER_XML").withValue(BrokerConfiguration.DEFAULT_PATH).build(),
                new EnvVarBuilder().withName(MountedCredentials.DIRECTORY_ENV).withValue(MountedCredentials.POD_DIRECTORY)
                        .build());
    }

    /** brokersPerNode = 1: the scheduler must never put two brokers of the set on one node. */
    private static Affinity oneBrokerPerNode(String name) {
        return new AffinityBuilder().withNewPodAntiAffinity()
                .addNewRequiredDuringSchedulingIgnoredDuringExecution()
                .withTopologyKey("kubernetes.io/hostname")
                .withNewLabelSelector().withMatchLabels(Names.brokerSelector(name)).endLabelSelector()
                .endRequiredDuringSchedulingIgnoredDuringExecution()
                .endPodAntiAffinity().build();
    }

    /**
     * brokersPerNode > 1: spread evenly over the eligible nodes. The planner never asks for more than
     * nodes x brokersPerNode brokers, so an even spread puts at most brokersPerNode on a node.
     */
    private static List<TopologySpreadConstraint> spread(String name) {
        return List.of(new TopologySpreadConstraintBuilder().withMaxSkew(1).withTopologyKey("kubernetes.io/hostname")
                .withWhenUnsatisfiable("DoNotSchedule")
                .withNewLabelSelector().withMatchLabels(Names.brokerSelector(name)).endLabelSelector().build());
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    public static String defaultImage() {
        return ConfigProvider.getConfig().getOptionalValue("brokerwise.broker.image", String.class)
                .orElse("brokerwise.io/artemis:2.56.0");
    }
}
