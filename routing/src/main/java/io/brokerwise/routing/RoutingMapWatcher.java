package io.brokerwise.routing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Follows the routing map mounted from the routing ConfigMap ({@code .../routing.json}). Kubernetes updates
 * a mounted ConfigMap by swapping a symlink, which file-system watches miss, so this re-reads the file at a
 * fixed period and hands a changed map to its {@link Follower}. A map that does not parse is reported and
 * skipped: the follower keeps its current links until a good map arrives.
 */
public final class RoutingMapWatcher implements AutoCloseable {

    /** What follows the map: the client library's {@code TopologyClient}, the JMS connection factory. */
    public interface Follower {
        RoutingMap routingMap();

        /** Moves to {@code next}; throwing means "not yet" (e.g. a new broker is not up), the watcher retries. */
        void update(RoutingMap next) throws Exception;
    }

    private final Path file;
    private final Follower follower;
    private final Consumer<String> problems;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "brokerwise-routing-watch");
        t.setDaemon(true);
        return t;
    });
    private String lastText;
    /** The text of a map whose update failed, until one succeeds. */
    private String failedText;

    private RoutingMapWatcher(Path file, Follower follower, Consumer<String> problems) {
        this.file = file;
        this.follower = follower;
        this.problems = problems;
    }

    /** Reads the map in {@code file} once, e.g. to create the client before watching it. */
    public static RoutingMap read(Path file) throws IOException {
        return RoutingMapCodec.fromJson(Files.readString(file));
    }

    /** Watches {@code file} for changes and applies them to {@code follower}. */
    public static RoutingMapWatcher watch(Path file, Follower follower, Duration period, Consumer<String> problems) {
        RoutingMapWatcher w = new RoutingMapWatcher(file, follower, problems);
        w.timer.scheduleWithFixedDelay(w::check, 0, period.toMillis(), TimeUnit.MILLISECONDS);
        return w;
    }

    /** Re-reads the file once; applies it if its text changed. Called by the timer, and by tests. */
    public synchronized void check() {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            return;
        } catch (IOException e) {
            problems.accept("cannot read routing map " + file + ": " + e.getMessage());
            return;
        }
        if (text.equals(lastText)) {
            return;
        }
        try {
            RoutingMap next = RoutingMapCodec.fromJson(text);
            // after a failed update the follower may hold the map already, with some clients still on their old
            // brokers: it is asked again until an update of it succeeds
            if (!next.equals(follower.routingMap()) || failedText != null) {
                follower.update(next);
            }
            lastText = text;
            failedText = null;
        } catch (IllegalArgumentException e) {
            lastText = text;
            problems.accept("routing map " + file + " ignored: " + e.getMessage());
        } catch (Exception e) {
            // Not remembered as seen: the next check retries the same map, e.g. once a new broker is up.
            failedText = text;
            problems.accept("routing map " + file + " not applied yet: " + e.getMessage());
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
