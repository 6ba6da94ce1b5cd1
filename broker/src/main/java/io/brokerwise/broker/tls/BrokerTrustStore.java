package io.brokerwise.broker.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;

/**
 * The store a TLS broker trusts the other brokers of its topology by, when its cluster connection joins the replicas
 * of a queue: the CA certificate of the mounted Secret ({@value #CA_CERTIFICATE}), as PKCS12. A broker announces its
 * own connector, parameters and all, to the brokers it joins, and they dial it with those parameters: so the store's
 * path and password must be the same on every broker. It is a fixed file under the work directory (a pod's
 * {@code /tmp}) with a fixed password, which protects nothing secret: the store holds public certificates only.
 */
public final class BrokerTrustStore {

    /** The CA certificate of both the operator's Secret and a platform team's kubernetes.io/tls Secret. */
    public static final String CA_CERTIFICATE = "ca.crt";
    /** The system properties broker.xml reads the store's path and password from. */
    public static final String PATH_PROPERTY = "brokerwise.tls.trustStorePath";
    public static final String PASSWORD_PROPERTY = "brokerwise.tls.trustStorePassword";
    static final String FILE = "trust.p12";
    static final String PASSWORD = "brokerwise-trust";

    private BrokerTrustStore() {
    }

    /**
     * Writes the store of the CA certificates in {@code mounted} into {@code workDirectory} and lets broker.xml find
     * it; writes nothing when the Secret holds no CA certificate, as a broker without peers needs none.
     */
    public static void write(Path mounted, Path workDirectory) {
        Path ca = mounted.resolve(CA_CERTIFICATE);
        if (!Files.isReadable(ca)) {
            return;
        }
        try (InputStream in = Files.newInputStream(ca)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            int i = 0;
            for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                store.setCertificateEntry("ca-" + i++, certificate);
            }
            Files.createDirectories(workDirectory);
            Path path = workDirectory.resolve(FILE);
            try (OutputStream out = Files.newOutputStream(path)) {
                store.store(out, PASSWORD.toCharArray());
            }
            System.setProperty(PATH_PROPERTY, path.toString());
            System.setProperty(PASSWORD_PROPERTY, PASSWORD);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot make the brokers' trust store from " + ca + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
