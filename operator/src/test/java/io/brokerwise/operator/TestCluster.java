package io.brokerwise.operator;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetStatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import io.fabric8.kubernetes.api.model.batch.v1.JobConditionBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.brokerwise.api.planning.ManifestReader;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.StringReader;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.awaitility.Awaitility;

/**
 * What a test needs on a bare API server: namespaces, dedicated nodes (their status set as a kubelet
 * would), broker pods made Ready as a kubelet would, and waiting for the operator's status.
 */
final class TestCluster {

    /**
     * How long a test waits for the operator: a bound on a failure, not a figure. The operator reacts within seconds;
     * the bound allows for a JVM tier that shares the machine's two cores with the cluster tier at a lower priority.
     */
    static final Duration WAIT = Duration.ofSeconds(90);

    private final KubernetesClient client;

    TestCluster(KubernetesClient client) {
        this.client = client;
    }

    void namespace(String name) {
        client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
                .createOr(existing -> existing.update());
    }

    /** A namespace and {@code count} dedicated nodes in pool {@code name}. */
    void namespaceWithNodes(String name, int count) {
        namespace(name);
        for (int i = 0; i < count; i++) {
            node(name + "-node-" + i, name);
        }
    }

    /**
     * A Ready node labelled {@code pool=<pool>} and tainted for brokers. The API server taints every new
     * node {@code node.kubernetes.io/not-ready}; with no node lifecycle controller here, the test lifts
     * that taint itself once the node reports Ready, as the controller would.
     */
    Node node(String name, String pool) {
        return node(name, Map.of("pool", pool));
    }

    /** A Ready node with these labels (and its hostname label), tainted for brokers. */
    Node node(String name, Map<String, String> labels) {
        Map<String, String> all = new java.util.HashMap<>(labels);
        all.put("kubernetes.io/hostname", name);
        Node node = client.nodes().resource(new NodeBuilder().withNewMetadata().withName(name)
                .withLabels(all).endMetadata()
                .withNewSpec().addNewTaint().withKey("brokerwise.io/broker-node").withValue("true").withEffect("NoSchedule")
                .endTaint().endSpec().build()).create();
        node.setStatus(new io.fabric8.kubernetes.api.model.NodeStatusBuilder().withConditions(new NodeConditionBuilder()
                .withType("Ready").withStatus("True").withReason("KubeletReady").build()).build());
        Node ready = client.nodes().resource(node).updateStatus();
        return client.nodes().withName(name).edit(n -> {
            n.getSpec().getTaints().removeIf(t -> "node.kubernetes.io/not-ready".equals(t.getKey()));
            return n;
        });
    }

    void deleteNode(String name) {
        client.nodes().withName(name).delete();
    }

    /** A broker pod of the topology's StatefulSet, Ready as a kubelet would report it. */
    void readyBrokerPod(PubSubTopology t, int ordinal) {
        String ns = t.getMetadata().getNamespace();
        // the template's annotations, as the StatefulSet controller gives them: the hash of the broker.xml it starts with
        var set = client.apps().statefulSets().inNamespace(ns).withName(t.getMetadata().getName() + "-broker").get();
        var annotations = set == null ? Map.<String, String>of() : set.getSpec().getTemplate().getMetadata().getAnnotations();
        var pod = client.pods().inNamespace(ns).resource(new PodBuilder().withNewMetadata()
                .withName(t.getMetadata().getName() + "-broker-" + ordinal).withAnnotations(annotations)
                .withLabels(io.brokerwise.operator.layout.Names.brokerSelector(t)).endMetadata()
                .withNewSpec().addNewContainer().withName("artemis").withImage("brokerwise.io/artemis:2.56.0").endContainer()
                .endSpec().build()).create();
        pod.setStatus(new io.fabric8.kubernetes.api.model.PodStatusBuilder().withPhase("Running")
                .withConditions(new PodConditionBuilder().withType("Ready").withStatus("True").build()).build());
        client.pods().inNamespace(ns).resource(pod).updateStatus();
    }

    /**
     * The API server's PodSecurity admission, set to enforce the restricted standard in a namespace of its own,
     * admits a pod of this spec, and refuses one without a security context (so the check is really on).
     */
    void assertAdmittedAsRestricted(io.fabric8.kubernetes.api.model.PodSpec spec, String name) {
        String ns = "restricted-pods";
        client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(ns)
                .addToLabels("pod-security.kubernetes.io/enforce", "restricted").endMetadata().build())
                .createOr(existing -> existing.update());
        client.pods().inNamespace(ns).resource(new PodBuilder().withNewMetadata().withName(name).endMetadata()
                .withSpec(spec).build()).create();
        var bare = new PodBuilder().withNewMetadata().withName(name + "-bare").endMetadata().withNewSpec()
                .addNewContainer().withName("c").withImage(spec.getContainers().get(0).getImage()).endContainer()
                .endSpec().build();
        var refused = org.junit.jupiter.api.Assertions.assertThrows(io.fabric8.kubernetes.client.KubernetesClientException.class,
                () -> client.pods().inNamespace(ns).resource(bare).create());
        org.junit.jupiter.api.Assertions.assertTrue(refused.getMessage().contains("violates PodSecurity"), refused.getMessage());
    }

    PubSubTopology apply(String yaml) {
        PubSubTopology t = new ManifestReader().add(new StringReader(yaml), "test").one(PubSubTopology.class);
        return client.resource(t).create();
    }

    /**
     * Merges a JSON fragment into the topology, as {@code kubectl patch --type merge} does: no resource
     * version, so the operator's concurrent status and annotation updates cannot make it conflict.
     */
    void merge(PubSubTopology t, String json) {
        client.resources(PubSubTopology.class).inNamespace(t.getMetadata().getNamespace()).withName(t.getMetadata().getName())
                .patch(io.fabric8.kubernetes.client.dsl.base.PatchContext.of(io.fabric8.kubernetes.client.dsl.base.PatchType.JSON_MERGE),
                        json);
    }

    PubSubTopology get(PubSubTopology t) {
        return client.resources(PubSubTopology.class).inNamespace(t.getMetadata().getNamespace())
                .withName(t.getMetadata().getName()).get();
    }

    Optional<Condition> condition(PubSubTopology t, String type) {
        PubSubTopology now = get(t);
        if (now == null || now.getStatus() == null) {
            return Optional.empty();
        }
        return now.getStatus().conditions.stream().filter(c -> type.equals(c.getType())).findFirst();
    }

    /** Waits until the condition has the status and reason, and returns it. */
    Condition await(PubSubTopology t, String type, String status, String reason) {
        return await(t, type, status, reason, "");
    }

    /** Waits until the condition has the status and reason and its message contains the text. */
    Condition await(PubSubTopology t, String type, String status, String reason, String messagePart) {
        Predicate<Condition> matches = c -> status.equals(c.getStatus()) && reason.equals(c.getReason())
                && c.getMessage() != null && c.getMessage().contains(messagePart);
        Awaitility.await().atMost(WAIT).alias("condition " + type + "=" + status + " (" + reason + ", '" + messagePart
                + "') on " + t.getMetadata().getNamespace() + "/" + t.getMetadata().getName())
                .untilAsserted(() -> org.junit.jupiter.api.Assertions.assertTrue(
                        condition(t, type).filter(matches).isPresent(), "last seen: " + Optional.ofNullable(get(t).getStatus()).map(s -> s.conditions).orElse(null)));
        return condition(t, type).orElseThrow();
    }

    BenchmarkRun get(BenchmarkRun run) {
        return client.resources(BenchmarkRun.class).inNamespace(run.getMetadata().getNamespace())
                .withName(run.getMetadata().getName()).get();
    }

    /** Waits until the run's Succeeded condition has the status and reason, and returns it. */
    Condition await(BenchmarkRun run, String status, String reason) {
        Awaitility.await().atMost(WAIT).alias(run.getMetadata().getName() + " Succeeded=" + status + " " + reason)
                .until(() -> succeeded(run).filter(c -> status.equals(c.getStatus()) && reason.equals(c.getReason()))
                        .isPresent());
        return succeeded(run).orElseThrow();
    }

    private Optional<Condition> succeeded(BenchmarkRun run) {
        BenchmarkRun now = get(run);
        return now == null || now.getStatus() == null ? Optional.empty()
                : now.getStatus().conditions.stream().filter(c -> "Succeeded".equals(c.getType())).findFirst();
    }

    /** What the StatefulSet controller writes once its pods are Ready (no such controller runs here). */
    void readyAsTheStatefulSetControllerWould(StatefulSet set, int replicas) {
        StatefulSet current = client.apps().statefulSets().inNamespace(set.getMetadata().getNamespace())
                .withName(set.getMetadata().getName()).get();
        current.setStatus(new StatefulSetStatusBuilder().withReplicas(replicas).withReadyReplicas(replicas)
                .withAvailableReplicas(replicas).withObservedGeneration(current.getMetadata().getGeneration()).build());
        client.apps().statefulSets().inNamespace(set.getMetadata().getNamespace()).resource(current).updateStatus();
    }

    /** What the Job controller writes when a Job runs past its deadline (no such controller runs here). */
    void failAsTheJobControllerWould(Job job) {
        var jobs = client.batch().v1().jobs().inNamespace(job.getMetadata().getNamespace());
        Job current = jobs.withName(job.getMetadata().getName()).get();
        current.setStatus(new JobStatusBuilder().withStartTime(java.time.Instant.now().toString()).withFailed(1)
                .withConditions(failed("FailureTarget"), failed("Failed")).build());
        jobs.resource(current).updateStatus();
    }

    /** What the Job controller writes once every pod of an Indexed Job has succeeded. */
    void completeAsTheJobControllerWould(Job job) {
        var jobs = client.batch().v1().jobs().inNamespace(job.getMetadata().getNamespace());
        Job current = jobs.withName(job.getMetadata().getName()).get();
        int pods = current.getSpec().getCompletions();
        java.time.Instant now = java.time.Instant.now();
        current.setStatus(new JobStatusBuilder().withStartTime(now.minus(Duration.ofSeconds(30)).toString())
                .withCompletionTime(now.toString()).withSucceeded(pods).withActive(0).withReady(0)
                .withCompletedIndexes(pods == 1 ? "0" : "0-" + (pods - 1)).withNewUncountedTerminatedPods()
                .endUncountedTerminatedPods()
                .withConditions(completed("SuccessCriteriaMet"), completed("Complete")).build());
        jobs.resource(current).updateStatus();
    }

    private static JobCondition failed(String type) {
        return condition(type, "DeadlineExceeded", "Job was active longer than specified deadline");
    }

    private static JobCondition completed(String type) {
        return condition(type, "CompletionsReached", "Reached expected number of succeeded pods");
    }

    private static JobCondition condition(String type, String reason, String message) {
        return new JobConditionBuilder().withType(type).withStatus("True").withReason(reason).withMessage(message).build();
    }
}
