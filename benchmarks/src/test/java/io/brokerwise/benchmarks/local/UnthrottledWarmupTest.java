package io.brokerwise.benchmarks.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The quota of real cgroups (cgroup v1's cpu controller, writable as root on these machines): lifted for the first
 * part of a warm-up, set again after it or when the warm-up ends first, and refused when it would reach into the
 * measurement window.
 */
@Timeout(60)
class UnthrottledWarmupTest {

    private static final long QUARTER_CORE = 25_000;

    @Test
    void theQuotaIsLiftedThenSetAgainOnItsOwn() throws Exception {
        assertTrue(CpuQuotaGroup.available(), "these machines give root a writable cgroup v1 cpu controller");
        try (CpuQuotaGroup group = CpuQuotaGroup.create("unthrottled", 0.25, 100_000)) {
            assertEquals(QUARTER_CORE, group.quotaMicros());
            try (UnthrottledWarmup warm = UnthrottledWarmup.start(List.of(group), Duration.ofSeconds(1),
                    Duration.ofSeconds(11), System.err)) {
                assertEquals(-1, group.quotaMicros(), "lifted");
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (group.quotaMicros() == -1 && System.nanoTime() < deadline) {
                    Thread.sleep(100);
                }
                assertEquals(QUARTER_CORE, group.quotaMicros(), "set again before the warm-up ends");
            }
            assertEquals(QUARTER_CORE, group.quotaMicros());
        }
    }

    @Test
    void closingEarlySetsTheQuotaAgain() throws Exception {
        try (CpuQuotaGroup group = CpuQuotaGroup.create("unthrottled-early", 0.25, 100_000)) {
            UnthrottledWarmup.start(List.of(group), Duration.ofMinutes(5), Duration.ofMinutes(6), System.err).close();
            assertEquals(QUARTER_CORE, group.quotaMicros());
        }
    }

    @Test
    void aLiftThatWouldReachTheWindowIsRefusedAndTheQuotaKept() throws Exception {
        try (CpuQuotaGroup group = CpuQuotaGroup.create("unthrottled-refused", 0.25, 100_000)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UnthrottledWarmup.start(
                    List.of(group), Duration.ofSeconds(60), Duration.ofSeconds(65), System.err));
            assertEquals("--unthrottled-warmup 60s must end 10s before the first warm-up (65s) does: lengthen that "
                    + "warm-up or shorten the unthrottled part", e.getMessage());
            assertEquals(QUARTER_CORE, group.quotaMicros());
        }
    }
}
