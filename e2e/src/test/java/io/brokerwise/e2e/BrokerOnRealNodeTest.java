package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A real Artemis broker on the real node: the broker image (the broker module's BrokerMain) runs a
 * Deployment with a mounted broker.xml and credentials from a Secret, and the client probe reaches it
 * through the headless Service's DNS name, named in a one-broker routing map, and checks JMS selectors.
 * The operator-made version of this is OperatorOnRealNodeTest.
 */
@LocalClusterTest
@Order(1)
@ResourceLock(ClusterResources.NODE_SLOT_A)
class BrokerOnRealNodeTest {

    @Test
    void clientPodSendsAndReceivesWithSelectorsThroughHeadlessService(KubernetesClient k8s) throws IOException {
        String ns = Pods.createNamespace(k8s, "bw-e2e-broker");
        try {
            deployBroker(k8s, ns);
            waitReady(k8s, ns);
            ProbePod probe = runProbe(k8s, ns);
            assertTrue(probe.logs().contains("publisher group 0 sent 20 matching and 20 non-matching"), probe.logs());
            assertTrue(probe.logs().contains("matching subscriber group 0 [probe_color = 'red'] at [artemis."), probe.logs());
            assertTrue(probe.logs().contains("received 20 (duplicates 0): publisher group 0: 20/20; ok"), probe.logs());
            assertTrue(probe.logs().contains("received 0 (duplicates 0): publisher group 0: 0/0; ok"), probe.logs());
            assertEquals("Succeeded", probe.phase(), probe.logs());
            String brokerLogs = k8s.apps().deployments().inNamespace(ns).withName("artemis").getLog();
            assertTrue(brokerLogs.contains("AMQ221007"), "broker never became active:\n" + brokerLogs);
        } finally {
            k8s.namespaces().withName(ns).delete();
        }
    }

    private static void deployBroker(KubernetesClient k8s, String ns) throws IOException {
        // the application user for the broker and the probe, the other two users for the broker alone
        k8s.secrets().inNamespace(ns).resource(new SecretBuilder().withNewMetadata().withName("broker-credentials")
                .endMetadata().addToStringData("ARTEMIS_USER", "brokerwise")
                .addToStringData("ARTEMIS_PASSWORD", UUID.randomUUID().toString()).build()).create();
        k8s.secrets().inNamespace(ns).resource(new SecretBuilder().withNewMetadata().withName("broker-management")
                .endMetadata().addToStringData("METRICS_USER", "brokerwise-metrics")
                .addToStringData("METRICS_PASSWORD", UUID.randomUUID().toString())
                .addToStringData("MANAGEMENT_USER", "brokerwise-management")
                .addToStringData("MANAGEMENT_PASSWORD", UUID.randomUUID().toString()).build()).create();
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
                .addNewEnvFrom().withNewSecretRef().withName("broker-management").endSecretRef().endEnvFrom()
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

    /** The probe follows a hand-written 1 x 1 routing map naming the broker by its Service's DNS name. */
    private static ProbePod runProbe(KubernetesClient k8s, String ns) {
        String map = """
                {"version": 1, "topic": "brokerwise.probe", "publisherGroups": 1, "subscriberGroups": 1,
                 "brokers": [{"row": 0, "column": 0, "address": "artemis.%s.svc.cluster.local:61616"}]}
                """.formatted(ns);
        k8s.configMaps().inNamespace(ns).resource(new ConfigMapBuilder().withNewMetadata().withName("routing")
                .endMetadata().addToData("routing.json", map).build()).create();
        return ProbePod.run(k8s, ns, "probe", "artemis", "routing", "broker-credentials");
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = BrokerOnRealNodeTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
