package io.brokerwise.client;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The PKCS12 trust store of a CA given as PEM, as Artemis's connector reads trust: from a file only. Written once
 * per CA and process into memory-backed {@code /dev/shm} where there is one, since a client pod's root file system
 * is read-only and has no other writable place; else into {@code java.io.tmpdir}. It holds only public
 * certificates, hence its fixed password.
 */
record TrustStore(Path path) {

    static final String PASSWORD = "brokerwise-ca";
    private static final Map<String, TrustStore> WRITTEN = new ConcurrentHashMap<>();

    static TrustStore of(String caPem) {
        return WRITTEN.computeIfAbsent(caPem, TrustStore::write);
    }

    /** The connector's URL parameters that trust this store's CA alone and check the broker's host name. */
    String urlParameters() {
        return "sslEnabled=true&verifyHost=true&trustStoreType=PKCS12&trustStorePath=" + path
                + "&trustStorePassword=" + PASSWORD;
    }

    private static TrustStore write(String caPem) {
        try {
            List<? extends Certificate> cas = List.copyOf(CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(caPem.getBytes(StandardCharsets.US_ASCII))));
            if (cas.isEmpty()) {
                throw new IllegalArgumentException("the trusted CA holds no PEM certificate");
            }
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            for (int i = 0; i < cas.size(); i++) {
                store.setCertificateEntry("ca-" + i, cas.get(i));
            }
            Path path = Files.createTempFile(directory(), "brokerwise-ca-", ".p12");
            path.toFile().deleteOnExit();
            try (OutputStream out = Files.newOutputStream(path)) {
                store.store(out, PASSWORD.toCharArray());
            }
            return new TrustStore(path);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("the trusted CA is not a PEM certificate: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the CA's trust store", e);
        }
    }

    private static Path directory() {
        Path shm = Path.of("/dev/shm");
        return Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
    }
}
