package io.brokerwise.operator.dependent;

import io.brokerwise.operator.WorkflowInputs;
import io.brokerwise.broker.tls.BrokerKeyStore;
import io.brokerwise.broker.tls.CertificateAuthority;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import java.net.HttpURLConnection;
import java.util.Map;
import java.util.Optional;

/**
 * What a set of brokers' TLS rests on, settled before their objects are rendered: the CA that issues their
 * certificates (Generated) and the CA certificate clients trust (Generated, Provided; none when Disabled). A
 * Generated CA is made once and kept in Secret {@code <name>-broker-ca}, which no pod mounts: the operator creates
 * it here, before the workflow, so that the certificates and the clients' Secret rendered in the same pass chain
 * to the same CA, and a certificate is never issued by a CA that is then lost. A Provided CA is the {@code ca.crt}
 * of the platform team's Secret.
 *
 * @param issuer the CA that issues the brokers' certificates; null unless Generated
 * @param caPem  the CA certificate clients trust, PEM; null when Disabled
 * @param served what the brokers' key stores are made of and change with: the CA whose certificates they serve
 *               (Generated: a broker's pair is only ever issued again by a new CA), or the team's certificate and CA
 *               (Provided: cert-manager renews them in place); null when Disabled. Brokers read their key store
 *               when they start, so a change of it must restart them.
 */
public record BrokerTrust(CertificateAuthority issuer, String caPem, String served) {

    /** The keys of the CA's Secret, and the CA certificate's key in a kubernetes.io/tls Secret. */
    public static final String CA_CERTIFICATE = "ca.crt";
    public static final String CA_KEY = "ca.key";

    /** The platform team's Secret cannot serve: it is missing or lacks a key. */
    public static class Unusable extends RuntimeException {
        Unusable(String message) {
            super(message);
        }
    }

    /** Settles the trust of {@code brokers}, owned by {@code owner}, for this reconciliation's workflow. */
    public static <P extends HasMetadata> BrokerTrust keep(BrokerSet brokers, P owner, Context<P> context) {
        BrokerTrust trust = switch (brokers.tls()) {
            case Disabled -> new BrokerTrust(null, null, null);
            case Provided -> provided(brokers, context);
            case Generated -> generated(brokers, owner, context);
        };
        WorkflowInputs.put(context, trust);
        return trust;
    }

    /** The trust {@link #keep} settled for this reconciliation. */
    public static <P extends HasMetadata> BrokerTrust of(Context<P> context) {
        return WorkflowInputs.get(context, BrokerTrust.class);
    }

    private static <P extends HasMetadata> BrokerTrust provided(BrokerSet brokers, Context<P> context) {
        String name = brokers.certificateSecret();
        Secret secret = context.getClient().secrets().inNamespace(brokers.namespace()).withName(name).get();
        String where = "Secret " + name + " (spec.broker.tls.secretName)";
        if (secret == null) {
            throw new Unusable(where + " does not exist");
        }
        for (String key : new String[] {BrokerKeyStore.SHARED_CERTIFICATE, BrokerKeyStore.SHARED_KEY, CA_CERTIFICATE}) {
            if (CredentialsSecret.value(secret, key).filter(v -> !v.isBlank()).isEmpty()) {
                throw new Unusable(where + " has no " + key);
            }
        }
        String ca = CredentialsSecret.value(secret, CA_CERTIFICATE).orElseThrow();
        return new BrokerTrust(null, ca, CredentialsSecret.value(secret, BrokerKeyStore.SHARED_CERTIFICATE)
                .orElseThrow() + ca);
    }

    private static <P extends HasMetadata> BrokerTrust generated(BrokerSet brokers, P owner, Context<P> context) {
        String name = Names.authority(brokers.name());
        Secret secret = CredentialsSecret.current(context, name)
                .or(() -> Optional.ofNullable(context.getClient().secrets().inNamespace(brokers.namespace())
                        .withName(name).get()))
                .orElseGet(() -> create(brokers, owner, context, name));
        CertificateAuthority ca = CertificateAuthority.of(caKey(secret, name, CA_CERTIFICATE), caKey(secret, name, CA_KEY));
        return new BrokerTrust(ca, ca.certificatePem(), ca.certificatePem());
    }

    private static String caKey(Secret secret, String name, String key) {
        return CredentialsSecret.value(secret, key).filter(v -> !v.isBlank()).orElseThrow(() -> new Unusable(
                "Secret " + name + " has no " + key + ": delete it, and the operator makes a new CA"));
    }

    /** A new CA in a new Secret; if another pass made one first (the cache lags a create), that one. */
    private static <P extends HasMetadata> Secret create(BrokerSet brokers, P owner, Context<P> context, String name) {
        CertificateAuthority ca = CertificateAuthority.generate(brokers.name() + "." + brokers.namespace()
                + " brokers CA");
        Secret secret = new SecretBuilder().withMetadata(brokers.metadata(name)).editMetadata()
                .withOwnerReferences(new OwnerReferenceBuilder().withApiVersion(owner.getApiVersion())
                        .withKind(owner.getKind()).withName(owner.getMetadata().getName())
                        .withUid(owner.getMetadata().getUid()).withController(true).withBlockOwnerDeletion(false)
                        .build())
                .endMetadata().withType("Opaque")
                .withData(Map.of(CA_CERTIFICATE, CredentialsSecret.base64(ca.certificatePem()), CA_KEY,
                        CredentialsSecret.base64(ca.keyPem()))).build();
        try {
            return context.getClient().resource(secret).create();
        } catch (KubernetesClientException e) {
            if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) {
                throw e;
            }
            return context.getClient().secrets().inNamespace(brokers.namespace()).withName(name).require();
        }
    }
}
