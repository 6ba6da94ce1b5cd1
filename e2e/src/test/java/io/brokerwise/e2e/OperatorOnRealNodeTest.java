package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The whole path on the real node: the chart installed with helm (the operator a real pod under the
 * chart's ServiceAccount), examples/local-cluster.yaml applied, its real Artemis broker pods Ready,
 * Ready=True, and the client probe, following the routing map the operator wrote with the credentials
 * of the Secret it generated, delivers with selectors from every publisher group to every matching
 * subscriber and to no other. Each broker process runs hardened, as its kernel status shows.
 */
@LocalClusterTest
@Order(4)
@ResourceLock(ClusterResources.NODE_SLOT_A)
class OperatorOnRealNodeTest {

    private static final String EXAMPLE = "examples/local-cluster.yaml";
    private static String ns;
    private static String name;

    /** The example applied once for both tests (TLS is its default), in a fresh namespace, its brokers Ready. */
    @BeforeAll
    static void readyExample(KubernetesClient k8s) {
        OperatorInstall.ensure(k8s);
        String yaml = Topologies.manifest(EXAMPLE);
        name = Topologies.name(yaml);
        ns = Pods.createNamespace(k8s, "bw-e2e-operator");
        Topologies.apply(k8s, ns, yaml);
        Topologies.await(k8s, ns, name, "Ready", "True", "are Ready", 4);
    }

    @AfterAll
    static void deleteNamespace(KubernetesClient k8s) {
        Topologies.deleteNamespace(k8s, ns);
    }

    @Test
    void exampleTopologyServesEveryPublisherGroupThroughTheRoutingMap(KubernetesClient k8s) {
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

        Pod operator = OperatorInstall.pod(k8s);
        assertEquals(OperatorInstall.DEPLOYMENT, operator.getSpec().getServiceAccountName());
        String logs = OperatorInstall.logs(k8s);
        assertFalse(logs.contains("is forbidden"), "the chart's RBAC refused the operator something:\n" + logs);
    }

    /**
     * TLS, the default, end to end: the brokers' acceptor speaks TLS with the certificates the operator issued, the
     * probe trusts their CA from the credentials Secret (ARTEMIS_CA) and checks their host names, and delivers; the
     * same probe with the same user but without the CA speaks plain TCP and is refused.
     */
    @Test
    void aTlsTopologysProbeDeliversAndAPlainTcpClientIsRefused(KubernetesClient k8s) {
        assertTrue(k8s.configMaps().inNamespace(ns).withName(name + "-broker-config").get().getData()
                .get("broker.xml").contains("sslEnabled=true"), "TLS is the default");
        Secret credentials = k8s.secrets().inNamespace(ns).withName(name + "-broker-credentials").get();
        assertTrue(credentials.getData().containsKey("ARTEMIS_CA"), "the clients' Secret carries the CA");

        ProbePod trusting = ProbePod.run(k8s, ns, name + "-tls-probe", name, name + "-routing",
                name + "-broker-credentials");
        assertTrue(trusting.logs().contains("probe: OK"), trusting.logs());
        assertEquals("Succeeded", trusting.phase(), trusting.logs());

        Map<String, String> userOnly = new HashMap<>(credentials.getData());
        userOnly.remove("ARTEMIS_CA");
        k8s.secrets().inNamespace(ns).resource(new SecretBuilder().withNewMetadata().withName("plain-credentials")
                .endMetadata().withData(userOnly).build()).create();
        ProbePod plain = ProbePod.run(k8s, ns, name + "-plain-probe", name, name + "-routing", "plain-credentials");
        assertEquals("Failed", plain.phase(), "a plain-TCP client must be refused:\n" + plain.logs());
        assertFalse(plain.logs().contains("probe: OK"), plain.logs());
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
