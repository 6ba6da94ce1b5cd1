package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The whole path on the real node: the chart installed with helm (the operator a real pod under the
 * chart's ServiceAccount), examples/local-cluster.yaml applied, its real Artemis broker pods Ready,
 * Ready=True, and the client probe, following the routing map the operator wrote with the credentials
 * of the Secret it generated, delivers with selectors from every publisher group to every matching
 * subscriber and to no other. Each broker process runs hardened, as its kernel status shows.
 */
@LocalClusterTest
@Order(4)
class OperatorOnRealNodeTest {

    private static final String EXAMPLE = "examples/local-cluster.yaml";

    @Test
    void exampleTopologyServesEveryPublisherGroupThroughTheRoutingMap(KubernetesClient k8s) {
        OperatorInstall.ensure(k8s);
        String yaml = Topologies.manifest(EXAMPLE);
        String name = Topologies.name(yaml);
        String ns = Pods.createNamespace(k8s, "bw-e2e-operator");
        try {
            Topologies.apply(k8s, ns, yaml);
            Topologies.await(k8s, ns, name, "Ready", "True", "are Ready", 4);
            GenericKubernetesResource t = Topologies.get(k8s, ns, name).get();
            @SuppressWarnings("unchecked")
            Map<String, Object> plan = (Map<String, Object>) ((Map<String, Object>) t.getAdditionalProperties()
                    .get("status")).get("plan");
            int brokers = ((Number) plan.get("brokers")).intValue();
            int publisherGroups = ((Number) plan.get("publisherGroups")).intValue();
            System.out.println("plan: " + plan);
            assertTrue(brokers >= 2 && brokers <= 4, "the example is sized for 2 to 4 brokers: " + plan);

            List<Pod> pods = Topologies.brokerPods(k8s, ns, name);
            assertEquals(brokers, pods.size(), Pods.describe(k8s, ns));
            for (Pod p : pods) {
                assertTrue(Topologies.ready(p), p.getMetadata().getName() + " not Ready");
                assertEquals("brokerwise-node", p.getSpec().getNodeName(), "brokers run on the real node");
                assertTrue(k8s.pods().inNamespace(ns).withName(p.getMetadata().getName()).getLog()
                        .contains("AMQ221007"), p.getMetadata().getName() + " never became an active broker");
                assertRunsHardened(k8s, p);
            }

            ProbePod probe = ProbePod.run(k8s, ns, name + "-probe", name, name + "-routing", name + "-broker-credentials");
            for (int g = 0; g < publisherGroups; g++) {
                assertTrue(probe.logs().contains("publisher group " + g + ": 20/20"), probe.logs());
            }
            assertTrue(probe.logs().contains("non-matching subscriber group 0 [probe_color = 'green']"), probe.logs());
            assertFalse(probe.logs().contains("WRONG"), probe.logs());
            assertTrue(probe.logs().contains("probe: OK"), probe.logs());
            assertEquals("Succeeded", probe.phase(), probe.logs());

            Pod operator = k8s.pods().inNamespace(OperatorInstall.NAMESPACE)
                    .withLabel("app.kubernetes.io/name", OperatorInstall.DEPLOYMENT).list().getItems().get(0);
            assertEquals(OperatorInstall.DEPLOYMENT, operator.getSpec().getServiceAccountName());
            String logs = OperatorInstall.logs(k8s);
            assertFalse(logs.contains("is forbidden"), "the chart's RBAC refused the operator something:\n" + logs);
        } finally {
            Topologies.deleteNamespace(k8s, ns);
        }
    }

    /**
     * The broker process as the kernel sees it, not as its pod spec asks: not root, no capability, no privilege
     * to gain, seccomp filtering (mode 2, RuntimeDefault), and a root filesystem it cannot write.
     */
    private static void assertRunsHardened(KubernetesClient k8s, Pod broker) {
        String pod = broker.getMetadata().getName();
        String status = Pods.exec(k8s, broker.getMetadata().getNamespace(), pod, "cat", "/proc/1/status");
        Map<String, String> fields = new HashMap<>();
        status.lines().map(l -> l.split(":\\s*", 2)).filter(kv -> kv.length == 2)
                .forEach(kv -> fields.put(kv[0], kv[1].trim()));
        System.out.println(pod + ": Uid " + fields.get("Uid") + ", CapEff " + fields.get("CapEff") + ", NoNewPrivs "
                + fields.get("NoNewPrivs") + ", Seccomp " + fields.get("Seccomp"));
        assertFalse(fields.get("Uid").startsWith("0"), pod + " runs as root: " + fields.get("Uid"));
        assertEquals(0L, Long.parseLong(fields.get("CapEff"), 16), pod + " holds capabilities");
        assertEquals("1", fields.get("NoNewPrivs"), pod + " may gain privileges");
        assertEquals("2", fields.get("Seccomp"), pod + " runs without a seccomp filter");
        String write = Pods.exec(k8s, broker.getMetadata().getNamespace(), pod, "sh", "-c",
                "touch /hardening-check 2>&1 || echo refused");
        assertTrue(write.contains("Read-only file system"), pod + " wrote to its root filesystem: " + write);
    }
}
