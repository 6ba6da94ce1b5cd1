package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.broker.tls.CertificateAuthority;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The topology's two Secrets on a real API server with the operator running as the chart's ServiceAccount: the
 * application user in one, the metrics and management users in the other, generated once and kept through later
 * passes and through a rotation made by hand (docs/operations.md). What each pod gets of them:
 * BrokerStatefulSetTest (the brokers mount both) and BenchmarkRunReconcilerTest (the benchmark clients get the
 * application and metrics users' keys by name, never the management user).
 */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class BrokerSecretsTest {

    static final String NS = "secrets";

    final KubernetesClient client = LocalApiServerResource.adminClient();

    @Test
    void bothSecretsAreGeneratedOnceAndKeptThroughLaterPassesAndARotation() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes(NS, 16);
        PubSubTopology t = cluster.apply(PubSubTopologyReconcilerTest.topology("kept", NS, NS, ""));
        cluster.await(t, "Deployed", "True", "Applied");
        Map<String, String> application = secret("kept-broker-credentials").getData();
        Map<String, String> management = secret("kept-broker-management").getData();
        assertEquals(Set.of("ARTEMIS_USER", "ARTEMIS_PASSWORD", "ARTEMIS_CA"), application.keySet(),
                "no management user here; the CA of the brokers' certificates (TLS is the default)");
        Map<String, String> authority = secret("kept-broker-ca").getData();
        Map<String, String> certificates = secret("kept-broker-tls").getData();
        assertEquals(authority.get("ca.crt"), application.get("ARTEMIS_CA"), "clients trust the brokers' CA");
        assertEquals(authority.get("ca.crt"), certificates.get("ca.crt"));
        assertEquals(Set.of("ca.crt", "ca.key"), authority.keySet());
        assertEquals(cluster.get(t).getMetadata().getUid(),
                secret("kept-broker-ca").getMetadata().getOwnerReferences().get(0).getUid());
        assertEquals(Set.of("METRICS_USER", "METRICS_PASSWORD", "MANAGEMENT_USER", "MANAGEMENT_PASSWORD"),
                management.keySet());
        assertEquals(3, Set.of(application.get("ARTEMIS_PASSWORD"), management.get("METRICS_PASSWORD"),
                management.get("MANAGEMENT_PASSWORD")).size(), "a password of its own for each user");
        assertEquals(3, Set.of(decoded(application.get("ARTEMIS_USER")), decoded(management.get("METRICS_USER")),
                decoded(management.get("MANAGEMENT_USER"))).size());
        assertEquals(cluster.get(t).getMetadata().getUid(),
                secret("kept-broker-management").getMetadata().getOwnerReferences().get(0).getUid());

        // a changed workload: a new plan, every dependent applied again; both Secrets stay as they were
        pass(cluster, t, 40);
        assertEquals(application, secret("kept-broker-credentials").getData());
        assertEquals(management, secret("kept-broker-management").getData());
        assertEquals(authority, secret("kept-broker-ca").getData(), "the CA is made once");
        Map<String, String> reissued = new HashMap<>(secret("kept-broker-tls").getData());
        reissued.keySet().retainAll(certificates.keySet());
        assertEquals(certificates, reissued, "a broker's certificate is issued once");

        // a rotation's first step by hand: the new password, the old one as the previous one; the operator keeps both
        Map<String, String> rotating = new HashMap<>(application);
        rotating.put("ARTEMIS_PASSWORD", encoded("rotated-" + System.nanoTime()));
        rotating.put("ARTEMIS_PREVIOUS_PASSWORD", application.get("ARTEMIS_PASSWORD"));
        client.secrets().inNamespace(NS).withName("kept-broker-credentials").edit(s -> {
            s.setData(rotating);
            return s;
        });
        pass(cluster, t, 30);
        assertEquals(rotating, secret("kept-broker-credentials").getData());

        // a key deleted by hand: only the user it belonged to gets a new password, the other one is kept
        client.secrets().inNamespace(NS).withName("kept-broker-management").edit(s -> {
            s.getData().remove("METRICS_PASSWORD");
            return s;
        });
        Awaitility.await().atMost(TestCluster.WAIT).until(() ->
                secret("kept-broker-management").getData().containsKey("METRICS_PASSWORD"));
        Map<String, String> regenerated = secret("kept-broker-management").getData();
        assertNotEquals(management.get("METRICS_PASSWORD"), regenerated.get("METRICS_PASSWORD"));
        assertEquals(management.get("MANAGEMENT_USER"), regenerated.get("MANAGEMENT_USER"));
        assertEquals(management.get("MANAGEMENT_PASSWORD"), regenerated.get("MANAGEMENT_PASSWORD"));
    }

    /**
     * tls.mode Provided: without the team's Secret nothing is applied and Deployed says why; with it, the brokers
     * mount it, the clients get its CA, and the operator issues nothing. Then Disabled: the clients' Secret loses the
     * CA, and the brokers mount no certificates.
     */
    @Test
    void aProvidedSecretServesTheBrokersAndDisabledLeavesPlainTcp() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespaceWithNodes(NS + "-provided", 16);
        String ns = NS + "-provided";
        PubSubTopology t = cluster.apply(PubSubTopologyReconcilerTest.topology("team", ns, ns,
                "  broker: {tls: {mode: Provided, secretName: team-tls}}"));
        Condition missing = cluster.await(t, "Deployed", "False", "TlsSecretUnusable");
        assertTrue(missing.getMessage().contains("Secret team-tls (spec.broker.tls.secretName) does not exist"),
                missing.getMessage());
        assertNull(client.apps().statefulSets().inNamespace(ns).withName("team-broker").get(), "nothing applied");

        CertificateAuthority ca = CertificateAuthority.generate("team");
        CertificateAuthority.Issued issued = ca.issue(List.of("*.team-brokers." + ns + ".svc"));
        client.resource(new SecretBuilder().withNewMetadata().withName("team-tls").withNamespace(ns).endMetadata()
                .withType("kubernetes.io/tls").withData(Map.of("tls.crt", encoded(issued.certificatePem()),
                        "tls.key", encoded(issued.keyPem()), "ca.crt", encoded(ca.certificatePem()))).build()).create();
        cluster.await(t, "Deployed", "True", "Applied");
        assertEquals(ca.certificatePem(), decoded(client.secrets().inNamespace(ns).withName("team-broker-credentials")
                .get().getData().get("ARTEMIS_CA")));
        var pod = client.apps().statefulSets().inNamespace(ns).withName("team-broker").get().getSpec().getTemplate()
                .getSpec();
        assertEquals(List.of("team-tls"), pod.getVolumes().stream().filter(v -> v.getSecret() != null)
                .map(v -> v.getSecret().getSecretName()).toList());
        assertNull(client.secrets().inNamespace(ns).withName("team-broker-tls").get(), "the operator issues nothing");
        assertNull(client.secrets().inNamespace(ns).withName("team-broker-ca").get());

        // cert-manager renews the certificate in place: the next pass rolls the brokers onto it
        String servedBefore = tlsHash(ns);
        CertificateAuthority.Issued renewed = ca.issue(List.of("*.team-brokers." + ns + ".svc"));
        client.secrets().inNamespace(ns).withName("team-tls").edit(s -> new SecretBuilder(s)
                .addToData("tls.crt", encoded(renewed.certificatePem()))
                .addToData("tls.key", encoded(renewed.keyPem())).build());
        pass(cluster, t, 11);
        Awaitility.await().atMost(TestCluster.WAIT).alias("a renewed certificate changes the pod template")
                .until(() -> !servedBefore.equals(tlsHash(ns)));

        cluster.merge(t, "{\"spec\": {\"broker\": {\"tls\": {\"mode\": \"Disabled\", \"secretName\": null}}}}");
        Awaitility.await().atMost(TestCluster.WAIT).alias("the CA leaves the clients' Secret").until(() ->
                !client.secrets().inNamespace(ns).withName("team-broker-credentials").get().getData()
                        .containsKey("ARTEMIS_CA"));
        Awaitility.await().atMost(TestCluster.WAIT).alias("the brokers mount no certificates").until(() ->
                client.apps().statefulSets().inNamespace(ns).withName("team-broker").get().getSpec().getTemplate()
                        .getSpec().getVolumes().stream().noneMatch(v -> v.getSecret() != null));
    }

    private String tlsHash(String ns) {
        return String.valueOf(client.apps().statefulSets().inNamespace(ns).withName("team-broker").get().getSpec()
                .getTemplate().getMetadata().getAnnotations().get("brokerwise.io/tls-hash"));
    }

    /** Changes the workload's rate and waits for the pass that saw it to deploy. */
    private void pass(TestCluster cluster, PubSubTopology t, int messageRatePerPublisher) {
        cluster.merge(t, "{\"spec\": {\"workload\": {\"messageRatePerPublisher\": " + messageRatePerPublisher + "}}}");
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> {
            PubSubTopology now = cluster.get(t);
            return now.getStatus() != null
                    && Objects.equals(now.getStatus().observedGeneration, now.getMetadata().getGeneration());
        });
        cluster.await(t, "Deployed", "True", "Applied");
    }

    private Secret secret(String name) {
        return client.secrets().inNamespace(NS).withName(name).get();
    }

    private static String decoded(String base64) {
        return new String(Base64.getDecoder().decode(base64), StandardCharsets.UTF_8);
    }

    private static String encoded(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }
}
