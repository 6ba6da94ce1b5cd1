package io.brokerwise.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RoutingMapWatcherTest {

    @TempDir
    Path dir;

    /** Records the maps it was moved to; refuses one address to play a broker that is not up yet. */
    static final class Recorder implements RoutingMapWatcher.Follower {
        RoutingMap current;
        final List<RoutingMap> applied = new ArrayList<>();
        String unreachable = "";

        Recorder(RoutingMap current) {
            this.current = current;
        }

        @Override
        public RoutingMap routingMap() {
            return current;
        }

        @Override
        public void update(RoutingMap next) throws Exception {
            if (next.brokers().contains(unreachable)) {
                throw new Exception(unreachable + " is not up");
            }
            current = next;
            applied.add(next);
        }
    }

    @Test
    void appliesAChangedFileSkipsABrokenOneAndRetriesOneThatFailed() throws Exception {
        Path file = dir.resolve(RoutingMapCodec.CONFIG_MAP_KEY);
        RoutingMap single = RoutingMap.forLocalPorts("t", 1, 1, List.of(1));
        Files.writeString(file, RoutingMapCodec.toJson(single));
        Recorder follower = new Recorder(RoutingMapWatcher.read(file));
        List<String> problems = new ArrayList<>();
        try (RoutingMapWatcher watcher = RoutingMapWatcher.watch(file, follower, Duration.ofHours(1), problems::add)) {
            watcher.check();
            assertEquals(List.of(), follower.applied, "the map it started from is not applied again");

            Files.writeString(file, "{\"version\": 7}");
            watcher.check();
            watcher.check();
            assertEquals(1, problems.size(), "a broken map is reported once: " + problems);

            RoutingMap two = RoutingMap.forLocalPorts("t", 2, 1, List.of(1, 2));
            follower.unreachable = "127.0.0.1:2";
            Files.writeString(file, RoutingMapCodec.toJson(two));
            watcher.check();
            assertEquals(2, problems.size(), problems.toString());
            follower.unreachable = "";
            watcher.check();
            assertEquals(List.of(two), follower.applied, "the map that failed is retried until it applies");
        }
    }
}
