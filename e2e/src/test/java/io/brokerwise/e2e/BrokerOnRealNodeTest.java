package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * A real Artemis broker on the real node: the broker image runs a Deployment with a mounted
 * broker.xml and credentials from a Secret, and a client pod reaches it through the headless
 * Service's DNS name and checks JMS selector filtering.
 */
@LocalClusterTest
@Order(1)
class BrokerOnRealNodeTest {

    @Test
    void clientPodSendsAndReceivesWithSelectorsThroughHeadlessService(KubernetesClient k8s) throws IOException {
        String ns = Pods.createNamespace(k8s, "bw-e2e-broker");
        try {
            deployBroker(k8s, ns);
            waitReady(k8s, ns);
            Pod probe = runProbe(k8s, ns);
            String logs = k8s.pods().inNamespace(ns).withName("probe").getLog();
            System.out.println("probe pod logs:\n" + logs);
            assertTrue(logs.contains("sent 20 messages"), logs);
            assertTrue(logs.contains("matching consumer [color = 'red'] received 10 of 10"), logs);
            assertTrue(logs.contains("non-matching consumer [color = 'green'] received 0"), logs);
            assertEquals("Succeeded", probe.getStatus().getPhase(), logs);
            String brokerLogs = k8s.apps().deployments().inNamespace(ns).withName("artemis").getLog();
            assertTrue(brokerLogs.contains("AMQ221007"), "broker never became active:\n" + brokerLogs);
        } finally {
            k8s.namespaces().withName(ns).delete();
        }
    }

    private static void deployBroker(KubernetesClient k8s, String ns) throws IOException {
        k8s.secrets().inNamespace(ns).resource(new SecretBuilder().withNewMetadata().withName("broker-credentials")
                .endMetadata().addToStringData("ARTEMIS_USER", "brokerwise")
                .addToStringData("ARTEMIS_PASSWORD", UUID.randomUUID().toString()).build()).create();
        k8s.configMaps().inNamespace(ns).resource(new ConfigMapBuilder().withNewMetadata().withName("broker-config")
                .endMetadata().addToData("broker.xml", resource("broker.xml")).build()).create();
        k8s.services().inNamespace(ns).resource(new ServiceBuilder().withNewMetadata().withName("artemis").endMetadata()
                .withNewSpec().withClusterIP("None").addToSelector("app", "artemis")
                .addNewPort().withName("core").withPort(61616).endPort().endSpec().build()).create();
        k8s.apps().deployments().inNamespace(ns).resource(broker()).create();
    }

    private static Deployment broker() {
        return new DeploymentBuilder().withNewMetadata().withName("artemis").endMetadata()
                .withNewSpec().withReplicas(1).withNewSelector().addToMatchLabels("app", "artemis").endSelector()
                .withNewTemplate().withNewMetadata().addToLabels("app", "artemis").endMetadata()
                .withNewSpec()
                .addToNodeSelector(LocalCluster.BROKER_NODE_LABEL, "true")
                .withTolerations(Pods.brokerNodeToleration())
                .withAffinity(Pods.simulatedNodes("NotIn"))
                .addNewContainer().withName("broker").withImage(LocalCluster.BROKER_IMAGE).withImagePullPolicy("Never")
                .addNewEnvFrom().withNewSecretRef().withName("broker-credentials").endSecretRef().endEnvFrom()
                .addNewEnv().withName("JAVA_TOOL_OPTIONS").withValue("-Xmx256m").endEnv()
                .addNewPort().withName("core").withContainerPort(61616).endPort()
                .withNewReadinessProbe().withNewTcpSocket().withPort(new IntOrString(61616)).endTcpSocket()
                .withPeriodSeconds(2).endReadinessProbe()
                .addNewVolumeMount().withName("config").withMountPath("/etc/artemis").endVolumeMount()
                .addNewVolumeMount().withName("data").withMountPath("/var/lib/artemis").endVolumeMount()
                .endContainer()
                .addNewVolume().withName("config").withNewConfigMap().withName("broker-config").endConfigMap().endVolume()
                .addNewVolume().withName("data").withNewEmptyDir().endEmptyDir().endVolume()
                .endSpec().endTemplate().endSpec().build();
    }

    private static void waitReady(KubernetesClient k8s, String ns) {
        try {
            k8s.apps().deployments().inNamespace(ns).withName("artemis").waitUntilCondition(
                    d -> d != null && d.getStatus() != null && Integer.valueOf(1).equals(d.getStatus().getReadyReplicas()),
                    3, TimeUnit.MINUTES);
        } catch (KubernetesClientTimeoutException e) {
            throw new AssertionError("broker Deployment not Ready:\n" + Pods.describe(k8s, ns), e);
        }
    }

    private static Pod runProbe(KubernetesClient k8s, String ns) {
        String url = "tcp://artemis." + ns + ".svc.cluster.local:61616";
        k8s.pods().inNamespace(ns).resource(new PodBuilder().withNewMetadata().withName("probe").endMetadata()
                .withNewSpec().withRestartPolicy("Never")
                .addToNodeSelector(LocalCluster.BROKER_NODE_LABEL, "true")
                .withTolerations(Pods.brokerNodeToleration())
                .withAffinity(Pods.simulatedNodes("NotIn"))
                .addNewContainer().withName("probe").withImage(LocalCluster.BROKER_IMAGE).withImagePullPolicy("Never")
                .withCommand("java", "-cp", "/opt/brokerwise/lib/*", "io.brokerwise.artemis.SelectorProbe")
                .addNewEnv().withName("BROKER_URL").withValue(url).endEnv()
                .addNewEnv().withName("JAVA_TOOL_OPTIONS").withValue("-Xmx128m").endEnv()
                .addNewEnvFrom().withNewSecretRef().withName("broker-credentials").endSecretRef().endEnvFrom()
                .endContainer().endSpec().build()).create();
        try {
            return k8s.pods().inNamespace(ns).withName("probe").waitUntilCondition(
                    p -> p != null && p.getStatus() != null && Set.of("Succeeded", "Failed").contains(p.getStatus().getPhase()),
                    3, TimeUnit.MINUTES);
        } catch (KubernetesClientTimeoutException e) {
            throw new AssertionError("probe pod did not finish:\n" + Pods.describe(k8s, ns), e);
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = BrokerOnRealNodeTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
