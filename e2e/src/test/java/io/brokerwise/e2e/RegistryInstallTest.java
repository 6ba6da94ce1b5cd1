package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The install path a team follows on its own cluster (docs/install.md), run on the local cluster: Jib
 * builds the images and pushes them to a registry (the CNCF distribution registry that `e2e/cluster up`
 * serves on loopback over plain HTTP), the chart is installed with that registry as its {@code registry}
 * value, and the node pulls the operator's and the brokers' images from it. The node first forgets every
 * image of that registry, so a Ready pod here is one whose image was pulled, which its kubelet's
 * {@code Pulled} event says. Afterwards the release goes back to the imported images.
 */
@LocalClusterTest
@Order(90)
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
            Pod operator = k8s.pods().inNamespace(OperatorInstall.NAMESPACE)
                    .withLabel("app.kubernetes.io/name", OperatorInstall.DEPLOYMENT).list().getItems().stream()
                    .filter(p -> p.getMetadata().getDeletionTimestamp() == null).findFirst().orElseThrow();
            assertPulledFromRegistry(k8s, operator, REGISTRY + "/operator:");

            ns = Pods.createNamespace(k8s, "bw-e2e-registry");
            String yaml = Topologies.manifest("examples/local-cluster.yaml");
            String name = Topologies.name(yaml);
            Topologies.apply(k8s, ns, yaml);
            Topologies.await(k8s, ns, name, "Ready", "True", "are Ready", 5);
            List<Pod> brokers = Topologies.brokerPods(k8s, ns, name);
            assertFalse(brokers.isEmpty(), Pods.describe(k8s, ns));
            for (Pod broker : brokers) {
                assertPulledFromRegistry(k8s, broker, REGISTRY + "/artemis:");
            }
        } finally {
            if (ns != null) {
                Topologies.deleteNamespace(k8s, ns);
            }
            OperatorInstall.upgrade();
            OperatorInstall.awaitRolledOut(k8s);
        }
    }

    /** The pod runs an image of the registry, and its kubelet pulled it (not found it on the node). */
    private static void assertPulledFromRegistry(KubernetesClient k8s, Pod pod, String imagePrefix) {
        String image = pod.getSpec().getContainers().get(0).getImage();
        assertTrue(image.startsWith(imagePrefix), pod.getMetadata().getName() + " runs " + image);
        String ns = pod.getMetadata().getNamespace();
        String events = k8s.v1().events().inNamespace(ns)
                .withField("involvedObject.name", pod.getMetadata().getName()).list().getItems().stream()
                .filter(e -> "Pulled".equals(e.getReason())).map(io.fabric8.kubernetes.api.model.Event::getMessage)
                .collect(Collectors.joining("\n"));
        System.out.println(pod.getMetadata().getName() + ": " + events);
        assertTrue(events.contains("Successfully pulled image \"" + image + "\""),
                pod.getMetadata().getName() + " did not pull " + image + "; its Pulled events:\n" + events);
    }
}
