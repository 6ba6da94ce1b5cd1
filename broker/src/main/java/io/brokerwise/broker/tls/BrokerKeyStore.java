package io.brokerwise.broker.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The key store a TLS broker's acceptor serves: its certificate and key from a directory of mounted PEM files,
 * written as PKCS12 (which Artemis reads without the extra PEM provider its {@code keyStoreType=PEM} needs) into
 * a writable directory at launch, under a fresh random password. A broker pod's files come from one Secret: the
 * operator's, with a pair per broker named by its pod ({@code <pod>.crt}, {@code <pod>.key}), or the platform
 * team's kubernetes.io/tls Secret, one pair ({@code tls.crt}, {@code tls.key}) for every broker. The broker.xml
 * that {@code BrokerConfiguration} renders for TLS names the store by the two system properties set here.
 */
public record BrokerKeyStore(Path path, String password) {

    /** The environment variable naming the directory of mounted PEM files; unset for a plain-TCP broker. */
    public static final String DIRECTORY_ENV = "BROKER_TLS";
    /** Where a broker pod mounts them. */
    public static final String POD_DIRECTORY = "/etc/brokerwise/tls";
    /** The system properties broker.xml reads the store's path and password from. */
    public static final String PATH_PROPERTY = "brokerwise.tls.keyStorePath";
    public static final String PASSWORD_PROPERTY = "brokerwise.tls.keyStorePassword";
    /** The key pair of a kubernetes.io/tls Secret, the one every broker serves when there is none of its own. */
    public static final String SHARED_CERTIFICATE = "tls.crt";
    public static final String SHARED_KEY = "tls.key";

    /** The keys of broker {@code pod}'s own pair in the operator's Secret. */
    public static String certificateKey(String pod) {
        return pod + ".crt";
    }

    public static String keyKey(String pod) {
        return pod + ".key";
    }

    /**
     * The store of {@code host}'s pair in {@code mounted}, written into {@code workDirectory}. A broker added to a
     * running set may start before the kubelet has its new pair in the mounted Secret: it waits up to
     * {@code patience} for it.
     */
    public static BrokerKeyStore write(Path mounted, String host, Path workDirectory, Duration patience)
            throws InterruptedException {
        List<Path> pair = waitForPair(mounted, host, patience);
        try {
            Certificate[] chain;
            try (InputStream in = Files.newInputStream(pair.get(0))) {
                chain = CertificateFactory.getInstance("X.509").generateCertificates(in).toArray(Certificate[]::new);
            }
            if (chain.length == 0) {
                throw new IllegalStateException(pair.get(0) + " holds no certificate");
            }
            String password = freshPassword();
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("broker", Pem.privateKey(Files.readString(pair.get(1))), password.toCharArray(), chain);
            Files.createDirectories(workDirectory);
            Path path = Files.createTempFile(workDirectory, "broker-", ".p12",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            try (OutputStream out = Files.newOutputStream(path)) {
                store.store(out, password.toCharArray());
            }
            return new BrokerKeyStore(path, password);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot make the broker's key store from " + pair + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lets broker.xml find this store. */
    public void publish() {
        System.setProperty(PATH_PROPERTY, path.toString());
        System.setProperty(PASSWORD_PROPERTY, password);
    }

    private static List<Path> waitForPair(Path mounted, String host, Duration patience) throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            Optional<List<Path>> pair = pair(mounted, host);
            if (pair.isPresent()) {
                return pair.get();
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no certificate for " + host + " in " + mounted + ": neither "
                        + certificateKey(host) + " and " + keyKey(host) + " nor " + SHARED_CERTIFICATE + " and "
                        + SHARED_KEY);
            }
            Thread.sleep(1000);
        }
    }

    private static Optional<List<Path>> pair(Path mounted, String host) {
        for (List<String> names : List.of(List.of(certificateKey(host), keyKey(host)),
                List.of(SHARED_CERTIFICATE, SHARED_KEY))) {
            List<Path> files = names.stream().map(mounted::resolve).toList();
            if (files.stream().allMatch(Files::isReadable)) {
                return Optional.of(files);
            }
        }
        return Optional.empty();
    }

    private static String freshPassword() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
