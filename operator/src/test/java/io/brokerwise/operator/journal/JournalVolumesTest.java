package io.brokerwise.operator.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerRole;
import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.operator.monitor.BrokerReading;
import io.brokerwise.operator.monitor.Readings;
import io.brokerwise.operator.monitor.ScrapeTarget;
import io.brokerwise.operator.monitor.Wakes;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** Which journal-volume reads wake a topology, from readings the test sets: no scraper, no cluster. */
class JournalVolumesTest {

    static final BrokerCredentials USER = BrokerCredentials.generate(BrokerRole.METRICS);
    static final List<String> CLAIMS = List.of("journal-t-broker-0", "journal-t-broker-1");
    static final List<ScrapeTarget> TARGETS = List.of(new ScrapeTarget("b0:61616", "b0:9404", USER),
            new ScrapeTarget("b1:61616", "b1:9404", USER));

    /** Each broker's last disk store usage, and those whose last read failed. */
    final Map<ScrapeTarget, Double> usage = new ConcurrentHashMap<>();
    final Set<ScrapeTarget> failing = ConcurrentHashMap.newKeySet();
    final Readings readings = new Readings() {
        @Override
        public Optional<BrokerReading> last(ScrapeTarget target) {
            return Optional.ofNullable(usage.get(target)).map(u -> new BrokerReading(Instant.EPOCH,
                    new BrokerSample(0, 0, 0, 0, 0, 0, 1, 0, BrokerSample.Held.NOTHING, u, Map.of())));
        }

        @Override
        public boolean failing(ScrapeTarget target) {
            return failing.contains(target);
        }

        @Override
        public boolean readSince(ScrapeTarget target, Instant since) {
            return usage.containsKey(target) || failing.contains(target);
        }
    };

    /** What a pass watches with: the condition it sets, from the readings as they are. */
    Wakes watchedByAPass() {
        return JournalVolumes.wakes(JournalVolumes.verdict(CLAIMS, TARGETS, readings), CLAIMS, TARGETS, readings);
    }

    @Test
    void aReadThatLeavesTheConditionAsThePassSetItDoesNotWake() {
        usage.put(TARGETS.get(0), 0.42);
        usage.put(TARGETS.get(1), 0.10);
        Wakes wakes = watchedByAPass();
        assertFalse(wakes.afterRead(), "nothing read since the pass");
        usage.put(TARGETS.get(0), 0.425);
        usage.put(TARGETS.get(1), 0.20);
        assertFalse(wakes.afterRead(), "the fullest is still 42% used: the message is the same");
    }

    @Test
    void aReadThatChangesTheConditionWakesOnceForEachChange() {
        Wakes wakes = watchedByAPass();
        usage.put(TARGETS.get(0), 0.42);
        assertTrue(wakes.afterRead(), "NotReadYet becomes VolumesHaveRoom");
        assertFalse(wakes.afterRead(), "the same change wakes once");
        usage.put(TARGETS.get(1), 0.43);
        assertTrue(wakes.afterRead(), "the fullest is another volume");
        usage.put(TARGETS.get(1), 0.95);
        assertTrue(wakes.afterRead(), "a volume is full");
        failing.add(TARGETS.get(1));
        assertTrue(wakes.afterRead(), "its broker no longer answers: the condition names it unread");
        failing.clear();
        assertTrue(wakes.afterRead());
        assertFalse(wakes.afterRead());
    }

    @Test
    void theVolumeOfEachClaimIsTheUsageItsBrokerLastServed() {
        usage.put(TARGETS.get(1), 0.91);
        failing.add(TARGETS.get(0));
        usage.put(TARGETS.get(0), 0.99);
        assertEquals(JournalVolumeVerdict.of(List.of(JournalVolumeVerdict.Volume.unread(CLAIMS.get(0)),
                new JournalVolumeVerdict.Volume(CLAIMS.get(1), 0.91))),
                JournalVolumes.verdict(CLAIMS, TARGETS, readings));
    }
}
