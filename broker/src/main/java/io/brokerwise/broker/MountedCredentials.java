package io.brokerwise.broker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The broker's users from a directory of mounted Secrets, one file per key ({@code ARTEMIS_USER},
 * {@code METRICS_PASSWORD}, ...), read again every period. The kubelet replaces a mounted Secret's files when the
 * Secret changes (within its sync period, a minute or so), so a rotated password reaches a running broker without a
 * restart; environment variables would keep the old one until the pod is replaced.
 */
public final class MountedCredentials implements AutoCloseable {

    /** Where a broker pod mounts its Secrets (a projected volume of the application and the management Secret). */
    public static final String POD_DIRECTORY = "/etc/brokerwise/credentials";
    /** The environment variable that names the directory; without it a broker takes its users from the environment. */
    public static final String DIRECTORY_ENV = "BROKER_CREDENTIALS";
    /** How often the files are read: the kubelet's own delay dwarfs it, and a read is a few small files. */
    public static final Duration PERIOD = Duration.ofSeconds(5);

    /** The kubelet's link to the current set of a mounted volume's files, swapped whole when a Secret changes. */
    private static final String KUBELET_DATA = "..data";

    private final Path directory;
    private final ScheduledExecutorService timer;
    private BrokerUsers current;
    private String lastProblem;
    private final AtomicLong reads = new AtomicLong();

    private MountedCredentials(Path directory, BrokerUsers current) {
        this.directory = directory;
        this.current = current;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "brokerwise-credentials");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * The users the directory holds now; a missing or blank key is an error that names it. The files are read from
     * the set the kubelet's {@code ..data} link names when there is one, so that one read never mixes files from
     * before and after a change (a new password without its previous one).
     */
    public static BrokerUsers read(Path directory) {
        Path files = snapshot(directory);
        return BrokerUsers.of(key -> file(files, key));
    }

    private static Path snapshot(Path directory) {
        Path data = directory.resolve(KUBELET_DATA);
        try {
            return Files.isDirectory(data) ? data.toRealPath() : directory;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve " + data, e);
        }
    }

    /**
     * Every {@code period}, reads the directory again and hands users that differ from the last ones to
     * {@code changed}. Files that do not make a complete set of users (a key deleted by hand, say) are reported on
     * {@code problems} and ignored: the broker keeps admitting the users it has.
     */
    public static MountedCredentials watch(Path directory, BrokerUsers initial, Duration period,
                                           Consumer<BrokerUsers> changed, Consumer<String> problems) {
        MountedCredentials watch = new MountedCredentials(directory, initial);
        watch.timer.scheduleWithFixedDelay(() -> watch.poll(changed, problems), period.toMillis(), period.toMillis(),
                TimeUnit.MILLISECONDS);
        return watch;
    }

    /** How many reads of the directory the watch has finished: a test waits for reads, not for time. */
    long reads() {
        return reads.get();
    }

    private void poll(Consumer<BrokerUsers> changed, Consumer<String> problems) {
        try {
            BrokerUsers next = read(directory);
            lastProblem = null;
            if (!Objects.equals(next, current)) {
                current = next;
                changed.accept(next);
            }
        } catch (RuntimeException e) {
            String problem = "credentials in " + directory + " not taken, the broker keeps the users it has: "
                    + e.getMessage();
            if (!problem.equals(lastProblem)) { // once, not every period while the Secret stays broken
                problems.accept(problem);
            }
            lastProblem = problem;
        } finally {
            reads.incrementAndGet();
        }
    }

    private static String file(Path directory, String key) {
        try {
            return Files.readString(directory.resolve(key));
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + directory.resolve(key), e);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
