package io.brokerwise.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /**
     * A follower that takes the new map as its own though some of its clients failed to move (TopologyClient does:
     * those that moved follow it) is asked again until an update succeeds, or the clients that failed would stay on
     * their old brokers.
     */
    @Test
    void aFollowerThatHoldsTheMapAfterAFailedUpdateIsAskedAgain() throws Exception {
        Path file = dir.resolve(RoutingMapCodec.CONFIG_MAP_KEY);
        Files.writeString(file, RoutingMapCodec.toJson(RoutingMap.forLocalPorts("t", 1, 1, List.of(1))));
        List<RoutingMap> asked = new ArrayList<>();
        boolean[] fail = {true};
        RoutingMap[] held = {RoutingMapWatcher.read(file)};
        RoutingMapWatcher.Follower partial = new RoutingMapWatcher.Follower() {
            @Override
            public RoutingMap routingMap() {
                return held[0];
            }

            @Override
            public void update(RoutingMap next) throws Exception {
                asked.add(next);
                held[0] = next;
                if (fail[0]) {
                    throw new Exception("a publisher could not reach its new broker");
                }
            }
        };
        List<String> problems = new ArrayList<>();
        try (RoutingMapWatcher watcher = RoutingMapWatcher.watch(file, partial, Duration.ofHours(1), problems::add)) {
            RoutingMap moved = RoutingMap.forLocalPorts("t", 1, 1, List.of(2));
            Files.writeString(file, RoutingMapCodec.toJson(moved));
            watcher.check();
            watcher.check();
            assertTrue(asked.size() >= 2, "asked again after its update failed: " + problems);
            fail[0] = false;
            watcher.check();
            // the timer's own first check may come at any moment: it too asks only while the last update failed
            int succeeded = asked.size();
            watcher.check();
            watcher.check();
            assertEquals(succeeded, asked.size(), "asked until it succeeded, then no more");
        }
    }
}
