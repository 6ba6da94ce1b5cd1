package io.brokerwise.broker.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import org.junit.jupiter.api.Test;

class CertificateAuthorityTest {

    /** A broker's DNS name passes RFC 5280's 64-character bound on a common name as soon as its namespace is long. */
    @Test
    void aBrokerWithALongDnsNameIsIssuedACertificateForAllOfIt() throws Exception {
        String pod = "local-demo-broker-0";
        String dns = pod + ".local-demo-brokers.bw-e2e-operator-c8c3618e.svc";
        CertificateAuthority ca = CertificateAuthority.generate("x".repeat(100));
        X509Certificate issued = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(
                new ByteArrayInputStream(ca.issue(List.of(dns, "local-demo-brokers")).certificatePem()
                        .getBytes(StandardCharsets.UTF_8)));

        assertTrue(dns.length() > 64, dns);
        assertEquals("CN=" + pod, issued.getSubjectX500Principal().getName());
        assertEquals(List.of(dns, "local-demo-brokers"),
                issued.getSubjectAlternativeNames().stream().map(n -> String.valueOf(n.get(1))).toList());
        assertEquals("CN=" + "x".repeat(64), issued.getIssuerX500Principal().getName());
    }
}
