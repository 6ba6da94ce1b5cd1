package io.brokerwise.e2e;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** Small shared pieces of the cluster tests. */
final class Pods {

    /** Every cluster test's namespace starts with it (the operator benchmarks' do not: they run alone). */
    static final String TEST_NAMESPACE_PREFIX = "bw-e2e-";

    /** The local cluster's one node that runs pods (the kwok nodes run none). */
    static final String REAL_NODE = "brokerwise-node";

    private Pods() {
    }

    /** Tolerates the dedicated broker nodes' taint. */
    static Toleration brokerNodeToleration() {
        return new TolerationBuilder().withKey(LocalCluster.BROKER_NODE_LABEL).withOperator("Equal")
                .withValue("true").withEffect("NoSchedule").build();
    }

    /** Requires a node whose type label is (In) or is not (NotIn) kwok's. */
    static Affinity simulatedNodes(String operator) {
        return new AffinityBuilder().withNewNodeAffinity().withNewRequiredDuringSchedulingIgnoredDuringExecution()
                .addNewNodeSelectorTerm().addNewMatchExpression().withKey(LocalCluster.SIM_NODE_LABEL)
                .withOperator(operator).withValues(LocalCluster.SIM_NODE_VALUE).endMatchExpression()
                .endNodeSelectorTerm().endRequiredDuringSchedulingIgnoredDuringExecution().endNodeAffinity()
                .build();
    }

    /**
     * A pod on the real node that is a client of {@code topology}: its label lets the topology's NetworkPolicy let it
     * in, it runs restricted as the operator's pods do (not root, nothing written outside its memory), and the
     * routing map is mounted where the client library looks for it.
     */
    static Pod client(String name, String topology, String routingConfigMap, ContainerBuilder container) {
        return new PodBuilder().withNewMetadata().withName(name).addToLabels("brokerwise.io/client-of", topology)
                .endMetadata()
                .withNewSpec().withRestartPolicy("Never")
                .addToNodeSelector(LocalCluster.BROKER_NODE_LABEL, "true")
                .withTolerations(brokerNodeToleration())
                .withAffinity(simulatedNodes("NotIn"))
                .withNewSecurityContext().withRunAsNonRoot(true).withRunAsUser(10001L).withRunAsGroup(10001L)
                .withNewSeccompProfile().withType("RuntimeDefault").endSeccompProfile().endSecurityContext()
                .addToContainers(container.withImagePullPolicy("Never")
                        .withNewSecurityContext().withReadOnlyRootFilesystem(true).withAllowPrivilegeEscalation(false)
                        .withNewCapabilities().withDrop("ALL").endCapabilities().endSecurityContext()
                        .addNewVolumeMount().withName("routing").withMountPath("/etc/brokerwise/routing")
                        .withReadOnly(true).endVolumeMount().build())
                .addNewVolume().withName("routing").withNewConfigMap().withName(routingConfigMap).endConfigMap()
                .endVolume()
                .endSpec().build();
    }

    /** What the command prints on standard output and error, run in the pod's first container. */
    static String exec(KubernetesClient k8s, String ns, String pod, String... command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (var exec = k8s.pods().inNamespace(ns).withName(pod).writingOutput(out).writingError(out)
                .exec(command)) {
            exec.exitCode().get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("exec " + List.of(command) + " in " + pod + ": " + e, e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** A fresh namespace, so that reruns do not collide, once earlier tests' namespaces are gone. */
    static String createNamespace(KubernetesClient k8s, String prefix) {
        awaitNoOtherTestNamespace(k8s);
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        k8s.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
        return name;
    }

    /**
     * The real node's two CPUs hold one test's brokers and clients: a test starts once the namespaces of the tests
     * before it are gone, or fails naming them (a namespace still there would leave its pods unschedulable).
     */
    private static void awaitNoOtherTestNamespace(KubernetesClient k8s) {
        try {
            k8s.namespaces().informOnCondition(all -> all.stream()
                    .noneMatch(n -> n.getMetadata().getName().startsWith(TEST_NAMESPACE_PREFIX)))
                    .get(6, TimeUnit.MINUTES);
        } catch (Exception e) {
            throw new AssertionError("namespaces of earlier tests are still there: " + k8s.namespaces().list()
                    .getItems().stream().filter(n -> n.getMetadata().getName().startsWith(TEST_NAMESPACE_PREFIX))
                    .map(n -> n.getMetadata().getName() + " (" + n.getStatus().getPhase() + ")").toList(), e);
        }
    }

    /** What a failed wait needs to be understood: each pod's phase and conditions, and events. */
    static String describe(KubernetesClient k8s, String ns) {
        String pods = k8s.pods().inNamespace(ns).list().getItems().stream().map(Pods::line)
                .collect(Collectors.joining("\n"));
        String events = k8s.v1().events().inNamespace(ns).list().getItems().stream()
                .map(e -> e.getInvolvedObject().getName() + ": " + e.getReason() + " " + e.getMessage())
                .collect(Collectors.joining("\n"));
        // the real node's accounting first: CI keeps only the start of a long failure message
        return onRealNode(k8s) + "\npods:\n" + pods + "\nevents:\n" + events;
    }

    /**
     * The real node's allocatable CPU and every pod on it with its CPU request: what holds the node's CPU when a
     * pod cannot be placed.
     */
    static String onRealNode(KubernetesClient k8s) {
        var node = k8s.nodes().withName(REAL_NODE).get();
        String allocatable = node == null ? "no node" : String.valueOf(node.getStatus().getAllocatable().get("cpu"));
        return "pods on " + REAL_NODE + " (allocatable cpu " + allocatable + ", all namespaces):\n"
                + k8s.pods().inAnyNamespace()
                .withField("spec.nodeName", REAL_NODE).list().getItems().stream()
                .map(p -> p.getMetadata().getNamespace() + "/" + p.getMetadata().getName() + " "
                        + p.getStatus().getPhase() + " cpu " + p.getSpec().getContainers().stream()
                                .map(c -> c.getResources() == null || c.getResources().getRequests() == null ? "-"
                                        : String.valueOf(c.getResources().getRequests().get("cpu")))
                                .collect(Collectors.joining("+"))
                        + (p.getMetadata().getDeletionTimestamp() == null ? ""
                                : " terminating since " + p.getMetadata().getDeletionTimestamp()))
                .collect(Collectors.joining("\n"));
    }

    private static String line(Pod p) {
        return p.getMetadata().getName() + " on " + p.getSpec().getNodeName() + " " + p.getStatus().getPhase() + " "
                + p.getStatus().getConditions().stream()
                        .map(c -> c.getType() + "=" + c.getStatus() + (c.getReason() == null ? "" : "(" + c.getReason() + ")"))
                        .collect(Collectors.joining(","));
    }
}
