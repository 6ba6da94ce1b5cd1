package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The install path a team follows on its own cluster (docs/install.md), run on the local cluster: Jib
 * builds the images and pushes them to a registry (the CNCF distribution registry that `e2e/cluster up`
 * serves on loopback over plain HTTP), the chart is installed with that registry as its {@code registry}
 * value, and the node pulls the operator's and the brokers' images from it. The node first forgets every
 * image of that registry, so the operator pod and at least one broker pod must pull theirs, as their kubelet's
 * {@code Pulled} events say. Afterwards the release goes back to the imported images.
 */
@LocalClusterTest
@Order(90)
@Isolated
class RegistryInstallTest {

    private static final String REGISTRY = "127.0.0.1:5000/brokerwise";

    @Test
    void chartInstalledFromTheRegistryRunsAnOperatorAndBrokersPulledFromIt(KubernetesClient k8s) {
        OperatorInstall.ensure(k8s);
        Commands.run(Map.of("MAVEN_ARGS", "-Djib.allowInsecureRegistries=true"), Duration.ofMinutes(15),
                List.of("e2e/image", "push", REGISTRY, "operator", "broker", "bench"));
        Commands.run("e2e/image", "forget", REGISTRY);
        String ns = null;
        try {
            // the local values never pull (images are imported); a team's cluster pulls when the image is missing
            OperatorInstall.upgrade("registry=" + REGISTRY, "image.pullPolicy=IfNotPresent");
            OperatorInstall.awaitRolledOut(k8s);
            Pod operator = OperatorInstall.pod(k8s);
            assertImageFromRegistry(operator, REGISTRY + "/operator:");
            assertTrue(pulled(k8s, operator), "the operator pod did not pull its image:\n"
                    + Pods.describe(k8s, OperatorInstall.NAMESPACE));

            ns = Pods.createNamespace(k8s, "bw-e2e-registry");
            String yaml = Topologies.manifest("examples/local-cluster.yaml");
            String name = Topologies.name(yaml);
            Topologies.apply(k8s, ns, yaml);
            Topologies.await(k8s, ns, name, "Ready", "True", "are Ready", 5);
            List<Pod> brokers = Topologies.brokerPods(k8s, ns, name);
            assertFalse(brokers.isEmpty(), Pods.describe(k8s, ns));
            // the brokers start side by side on one node: one pulls, the others may find the image it pulled
            brokers.forEach(b -> assertImageFromRegistry(b, REGISTRY + "/artemis:"));
            assertTrue(brokers.stream().anyMatch(b -> pulled(k8s, b)), "no broker pod pulled its image:\n"
                    + Pods.describe(k8s, ns));
        } finally {
            if (ns != null) {
                Topologies.deleteNamespace(k8s, ns);
            }
            OperatorInstall.upgrade();
            OperatorInstall.awaitRolledOut(k8s);
        }
    }

    private static void assertImageFromRegistry(Pod pod, String imagePrefix) {
        String image = pod.getSpec().getContainers().get(0).getImage();
        assertTrue(image.startsWith(imagePrefix), pod.getMetadata().getName() + " runs " + image);
    }

    /** The pod's kubelet pulled its image (its Pulled event), rather than found it on the node. */
    private static boolean pulled(KubernetesClient k8s, Pod pod) {
        String image = pod.getSpec().getContainers().get(0).getImage();
        String events = k8s.v1().events().inNamespace(pod.getMetadata().getNamespace())
                .withField("involvedObject.name", pod.getMetadata().getName()).list().getItems().stream()
                .filter(e -> "Pulled".equals(e.getReason())).map(Event::getMessage)
                .collect(Collectors.joining("\n"));
        System.out.println(pod.getMetadata().getName() + ": " + events);
        return events.contains("Successfully pulled image \"" + image + "\"");
    }
}
