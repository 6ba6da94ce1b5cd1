package io.brokerwise.operator.modelmetrics;

import io.brokerwise.broker.tls.BrokerKeyStore;
import io.brokerwise.broker.tls.Pem;
import io.brokerwise.operator.dependent.CredentialsSecret;
import io.fabric8.kubernetes.api.model.Secret;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * When each broker pod's certificate of the operator's issuing ends (its notAfter), read from the topology's
 * certificates Secret: what the certificate alert counts down to. A certificate of the team's own (TLS mode
 * Provided) is not read here.
 */
public final class CertificateExpiry {

    private CertificateExpiry() {
    }

    /** @param pods the broker pods whose certificates to read, in order */
    public static Map<String, Instant> of(Optional<Secret> certificates, Iterable<String> pods) {
        Map<String, Instant> ends = new LinkedHashMap<>();
        certificates.ifPresent(secret -> {
            for (String pod : pods) {
                CredentialsSecret.value(secret, BrokerKeyStore.certificateKey(pod))
                        .ifPresent(pem -> ends.put(pod, Pem.certificate(pem).getNotAfter().toInstant()));
            }
        });
        return ends;
    }
}
