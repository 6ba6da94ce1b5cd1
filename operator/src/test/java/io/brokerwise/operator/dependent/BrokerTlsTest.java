package io.brokerwise.operator.dependent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.planning.ManifestException;
import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.TlsSpec;
import io.brokerwise.broker.tls.BrokerKeyStore;
import io.brokerwise.broker.tls.CertificateAuthority;
import io.brokerwise.broker.tls.Pem;
import io.brokerwise.client.ClientOptions;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Secret;
import java.io.StringReader;
import java.security.cert.X509Certificate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What tls.mode renders, without a cluster: the brokers' certificates (their names, kept, extended), broker.xml's
 * acceptor, the pod's mount of the certificates, and the CA in the clients' Secret.
 */
class BrokerTlsTest {

    static final CertificateAuthority CA = CertificateAuthority.generate("test");

    static BrokerSet brokers(String tls) {
        return BrokerSet.of(BrokerStatefulSetTest.topology("t", tls));
    }

    @Test
    void tlsIsTheDefault() {
        BrokerSet brokers = brokers("");
        assertEquals(TlsSpec.Mode.Generated, brokers.tls());
        assertTrue(BrokerConfigMap.brokerXml(brokers).contains(";sslEnabled=true;keyStoreType=PKCS12;"));
        PodSpec pod = BrokerStatefulSet.template(brokers).getSpec();
        assertEquals("t-broker-tls", tlsVolume(pod));
        assertEquals(Map.of(BrokerKeyStore.DIRECTORY_ENV, BrokerKeyStore.POD_DIRECTORY), tlsEnvAndMount(pod));
    }

    @Test
    void eachBrokersCertificateNamesItsPodUnderTheHeadlessServiceAndTheService() throws Exception {
        Secret secret = BrokerCertificates.render(brokers(""), 2, CA, Optional.empty());
        assertEquals(Set.of("ca.crt", "t-broker-0.crt", "t-broker-0.key", "t-broker-1.crt", "t-broker-1.key"),
                secret.getData().keySet());
        X509Certificate second = Pem.certificate(value(secret, "t-broker-1.crt"));
        second.verify(CA.certificate().getPublicKey());
        assertEquals(Set.of("t-broker-1.t-brokers.ns.svc", "t-broker-1.t-brokers.ns.svc.cluster.local",
                "t-broker-1.t-brokers.ns", "t-broker-1.t-brokers", "t-brokers.ns.svc", "t-brokers.ns.svc.cluster.local",
                "t-brokers.ns", "t-brokers"), second.getSubjectAlternativeNames().stream()
                .map(name -> (String) name.get(1)).collect(Collectors.toSet()));
        assertTrue(second.getExtendedKeyUsage().contains("1.3.6.1.5.5.7.3.1"), "a TLS server certificate");
        assertEquals(CA.certificatePem(), value(secret, "ca.crt"));
        Pem.privateKey(value(secret, "t-broker-1.key"));
    }

    @Test
    void certificatesAreKeptAcrossReconcilesAndExtendedWhenBrokersAreAdded() {
        Secret two = BrokerCertificates.render(brokers(""), 2, CA, Optional.empty());
        assertEquals(two.getData(), BrokerCertificates.render(brokers(""), 2, CA, Optional.of(two)).getData(),
                "nothing issued again");
        Secret three = BrokerCertificates.render(brokers(""), 3, CA, Optional.of(two));
        Map<String, String> kept = new HashMap<>(three.getData());
        kept.keySet().retainAll(two.getData().keySet());
        assertEquals(two.getData(), kept, "the first two brokers keep their pairs");
        assertTrue(three.getData().containsKey("t-broker-2.crt") && three.getData().containsKey("t-broker-2.key"));
        assertEquals(two.getData(), BrokerCertificates.render(brokers(""), 1, CA, Optional.of(two)).getData(),
                "a shrink keeps the pairs, for the pods that come back");
    }

    @Test
    void certificatesOfAnotherCaAreIssuedAgain() {
        Secret old = BrokerCertificates.render(brokers(""), 1, CertificateAuthority.generate("lost"), Optional.empty());
        Secret renewed = BrokerCertificates.render(brokers(""), 1, CA, Optional.of(old));
        assertNotEquals(old.getData().get("t-broker-0.crt"), renewed.getData().get("t-broker-0.crt"));
        assertEquals(CA.certificatePem(), value(renewed, "ca.crt"));
    }

    @Test
    void theClientsSecretCarriesTheCaExactlyWhenTheBrokersSpeakTls() {
        Secret credentials = CredentialsSecret.render(brokers(""), "t-broker-credentials", CredentialsSecret.ROLES,
                Optional.empty());
        Secret trusting = CredentialsSecret.withCa(credentials, new BrokerTrust(CA, CA.certificatePem(), CA.certificatePem()));
        assertEquals(ClientOptions.CA_ENV, CredentialsSecret.CA_KEY, "the key the client library reads");
        assertEquals(CA.certificatePem(), value(trusting, ClientOptions.CA_ENV));
        Secret plain = CredentialsSecret.withCa(trusting, new BrokerTrust(null, null, null));
        assertEquals(credentials.getData(), plain.getData(), "a Disabled topology's clients find no CA");
    }

    @Test
    void disabledRendersNoTls() {
        BrokerSet brokers = brokers(", tls: {mode: Disabled}");
        assertFalse(brokers.speaksTls());
        assertFalse(BrokerConfigMap.brokerXml(brokers).contains("ssl"), "a plain-TCP acceptor");
        PodSpec pod = BrokerStatefulSet.template(brokers).getSpec();
        assertTrue(pod.getVolumes().stream().noneMatch(v -> v.getName().equals("tls")));
        assertEquals(Map.of(), tlsEnvAndMount(pod));
    }

    @Test
    void providedBrokersServeTheTeamsSecretAndTemporaryBrokersIssueTheirOwn() {
        BrokerSet brokers = brokers(", tls: {mode: Provided, secretName: orders-tls}");
        assertEquals("orders-tls", tlsVolume(BrokerStatefulSet.template(brokers).getSpec()));
        BrokerSet temporary = brokers.named("run-layout");
        assertEquals(TlsSpec.Mode.Generated, temporary.tls(), "the team's certificate names the topology's brokers");
        assertEquals("run-layout-broker-tls", temporary.certificateSecret());
        assertEquals(TlsSpec.Mode.Disabled, brokers(", tls: {mode: Disabled}").named("run-layout").tls());
    }

    @Test
    void theOfflineCheckRefusesWhatTheCrdRefuses() {
        for (String tls : List.of(", tls: {mode: Provided}", ", tls: {secretName: x}")) {
            var e = assertThrows(ManifestException.class,
                    () -> PlanningInput.from(plannable(tls).getSpec(), "orders"));
            assertTrue(e.problems().stream().anyMatch(p -> p.startsWith("spec.broker.tls.secretName: ")), tls + ": "
                    + e.problems());
        }
    }

    private static PubSubTopology plannable(String tls) {
        return new ManifestReader().add(new StringReader("""
                apiVersion: brokerwise.io/v1alpha1
                kind: PubSubTopology
                metadata: {name: t, namespace: ns}
                spec:
                  workload: {publishers: 10, messageRatePerPublisher: 5, subscribers: 20, replicationGrade: {mean: 20}}
                  broker: {cpu: 500m%s}
                """.formatted(tls)), "test").one(PubSubTopology.class);
    }

    private static String tlsVolume(PodSpec pod) {
        return pod.getVolumes().stream().filter(v -> v.getName().equals("tls")).findFirst().orElseThrow()
                .getSecret().getSecretName();
    }

    /** The broker container's TLS directory variable, and where it mounts the "tls" volume (same path). */
    private static Map<String, String> tlsEnvAndMount(PodSpec pod) {
        Container artemis = pod.getContainers().get(0);
        Map<String, String> found = new HashMap<>();
        artemis.getEnv().stream().filter(e -> e.getName().equals(BrokerKeyStore.DIRECTORY_ENV))
                .forEach(e -> found.put(e.getName(), e.getValue()));
        artemis.getVolumeMounts().stream().filter(m -> m.getName().equals("tls")).forEach(m -> {
            assertTrue(m.getReadOnly());
            assertEquals(found.get(BrokerKeyStore.DIRECTORY_ENV), m.getMountPath());
        });
        return found;
    }

    private static String value(Secret secret, String key) {
        return CredentialsSecret.value(secret, key).orElseThrow();
    }
}
