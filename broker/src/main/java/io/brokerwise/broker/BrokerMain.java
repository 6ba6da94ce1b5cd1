package io.brokerwise.broker;

import io.brokerwise.broker.tls.BrokerKeyStore;
import io.brokerwise.broker.tls.BrokerTrustStore;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * Starts one embedded Artemis broker from a rendered broker.xml ({@code BROKER_XML}, default
 * /etc/artemis/broker.xml, the operator's ConfigMap mount) with its users ({@link BrokerUsers}): from the files of
 * the directory {@code BROKER_CREDENTIALS} names (the operator's Secrets, mounted), read again as they change
 * ({@link MountedCredentials}), or else from the environment ({@code ARTEMIS_USER}, {@code METRICS_USER},
 * {@code MANAGEMENT_USER} and their passwords). Prints {@value #READY} on stdout once the acceptor
 * listens, so a launcher can wait for it. With {@code BROKER_TLS} naming a directory of mounted PEM files, it first
 * writes the key store a TLS acceptor serves ({@link BrokerKeyStore}, its pair chosen by the pod's host name), and the
 * store its cluster connection trusts the other brokers by ({@link BrokerTrustStore}), to the writable
 * {@code java.io.tmpdir}: the pod's root file system is read-only. With {@code BROKER_PARENT_PID} set, the broker exits when that
 * process does: a local benchmark broker never outlives the load generator that started it.
 */
public final class BrokerMain {

    public static final String READY = "brokerwise-broker: ready";
    /** Longer than the kubelet takes to put a Secret's new keys into a running pod's volume. */
    private static final Duration KEY_PAIR_PATIENCE = Duration.ofMinutes(3);

    private BrokerMain() {
    }

    public static void main(String[] args) throws Exception {
        ThrottledLog.install();
        Path config = Path.of(env("BROKER_XML", BrokerConfiguration.DEFAULT_PATH));
        String mounted = System.getenv(MountedCredentials.DIRECTORY_ENV);
        Path credentials = mounted == null || mounted.isBlank() ? null : Path.of(mounted);
        EmbeddedBroker broker;
        BrokerUsers users;
        try {
            keyStore();
            users = credentials == null ? BrokerUsers.fromEnvironment() : MountedCredentials.read(credentials);
            broker = EmbeddedBroker.start(config, users);
        } catch (IllegalArgumentException | IllegalStateException | UncheckedIOException e) {
            System.err.println("brokerwise-broker: " + e.getMessage());
            System.exit(2);
            return;
        }
        if (credentials != null) {
            MountedCredentials.watch(credentials, users, MountedCredentials.PERIOD, next -> {
                broker.admit(next);
                System.err.println("brokerwise-broker: credentials changed, now admitting " + next);
            }, problem -> System.err.println("brokerwise-broker: " + problem));
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                broker.close();
            } catch (Exception e) {
                System.err.println("brokerwise-broker: stop failed: " + e);
            }
            stopped.countDown();
        }));
        watchParent();
        System.out.println(READY + " metrics=" + broker.metricsAddress());
        System.out.flush();
        stopped.await();
    }

    private static void keyStore() throws InterruptedException {
        String mounted = System.getenv(BrokerKeyStore.DIRECTORY_ENV);
        if (mounted == null || mounted.isBlank()) {
            return;
        }
        String host = env("HOSTNAME", "localhost");
        Path work = Path.of(System.getProperty("java.io.tmpdir"), "brokerwise-tls");
        BrokerKeyStore.write(Path.of(mounted), host, work, KEY_PAIR_PATIENCE).publish();
        BrokerTrustStore.write(Path.of(mounted), work);
    }

    private static void watchParent() {
        String parent = System.getenv("BROKER_PARENT_PID");
        if (parent == null || parent.isBlank()) {
            return;
        }
        ProcessHandle.of(Long.parseLong(parent.trim())).ifPresentOrElse(
                p -> p.onExit().thenRun(() -> System.exit(0)),
                () -> System.exit(0));
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }
}
