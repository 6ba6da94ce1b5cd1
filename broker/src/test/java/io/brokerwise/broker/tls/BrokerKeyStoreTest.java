package io.brokerwise.broker.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The key store a broker serves, from the PEM files of the Secret it mounts. */
class BrokerKeyStoreTest {

    static final CertificateAuthority CA = CertificateAuthority.generate("test");

    @TempDir
    Path dir;

    @Test
    void aBrokerServesItsOwnPairBeforeTheSharedOne() throws Exception {
        Path mounted = Files.createDirectories(dir.resolve("mounted"));
        write(mounted, BrokerKeyStore.SHARED_CERTIFICATE, BrokerKeyStore.SHARED_KEY, CA.issue(List.of("shared")));
        assertEquals("CN=shared", served(mounted, "b-0"), "a kubernetes.io/tls Secret serves every broker");
        write(mounted, BrokerKeyStore.certificateKey("b-0"), BrokerKeyStore.keyKey("b-0"), CA.issue(List.of("own")));
        assertEquals("CN=own", served(mounted, "b-0"));
        assertEquals("CN=shared", served(mounted, "b-1"));
    }

    @Test
    void aMissingPairIsNamedOnceThePatienceIsOver() {
        var e = assertThrows(IllegalStateException.class,
                () -> BrokerKeyStore.write(dir, "b-0", dir.resolve("work"), Duration.ZERO));
        assertTrue(e.getMessage().contains("b-0.crt and b-0.key nor tls.crt and tls.key"), e.getMessage());
    }

    /** cert-manager writes RSA keys as PKCS#1 by default; the operator writes PKCS#8. */
    @Test
    void keysAreReadInTheFormsCertManagerAndOpensslWrite() throws Exception {
        var rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(2048);
        var key = rsa.generateKeyPair().getPrivate();
        StringWriter pkcs1 = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(pkcs1)) {
            writer.writeObject(key);
        }
        assertTrue(pkcs1.toString().startsWith("-----BEGIN RSA PRIVATE KEY-----"));
        assertEquals(key, Pem.privateKey(pkcs1.toString()));
        assertTrue(CA.keyPem().startsWith("-----BEGIN PRIVATE KEY-----"));
        assertEquals(CA.key(), Pem.privateKey(CA.keyPem()));
    }

    private String served(Path mounted, String host) throws Exception {
        BrokerKeyStore store = BrokerKeyStore.write(mounted, host, dir.resolve("work"), Duration.ZERO);
        KeyStore p12 = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store.path())) {
            p12.load(in, store.password().toCharArray());
        }
        X509Certificate served = (X509Certificate) p12.getCertificate("broker");
        served.verify(CA.certificate().getPublicKey());
        return served.getSubjectX500Principal().getName();
    }

    private static void write(Path mounted, String certificate, String key, CertificateAuthority.Issued issued)
            throws Exception {
        Files.writeString(mounted.resolve(certificate), issued.certificatePem());
        Files.writeString(mounted.resolve(key), issued.keyPem());
    }
}
