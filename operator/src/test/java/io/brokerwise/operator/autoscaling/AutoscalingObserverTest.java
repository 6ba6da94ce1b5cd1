package io.brokerwise.operator.autoscaling;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.operator.monitor.BrokerReading;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * When a pass of the observer can only wait, so that a read wakes nobody: the brokers read more often than the window
 * (the journal volumes' reads every 15 s) must not wake a pass each.
 */
class AutoscalingObserverTest {

    static final Duration WINDOW = Duration.ofSeconds(60);
    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    static final Optional<CounterReading> EARLIER = Optional.of(read(T0, T0.plusSeconds(2)));

    /** Brokers b0 and b1, read at these times. */
    static CounterReading read(Instant b0, Instant b1) {
        var sample = LoadObservationTest.sample(0, 0, 0, 0, 0);
        return new CounterReading(Map.of("b0:61616", new BrokerReading(b0, sample),
                "b1:61616", new BrokerReading(b1, sample)));
    }

    @Test
    void readingsWithinAWindowOfTheEarlierOneWait() {
        CounterReading later = read(T0.plusSeconds(15), T0.plusSeconds(17));
        assertTrue(AutoscalingObserver.waits(EARLIER, later, T0.plusSeconds(17), WINDOW));
        assertTrue(AutoscalingObserver.waits(EARLIER, later, T0.plusSeconds(61), WINDOW),
                "a window from the newest of the earlier readings, not the oldest");
    }

    @Test
    void aReadingAWindowLaterIsObserved() {
        CounterReading later = read(T0.plusSeconds(62), T0.plusSeconds(2));
        assertFalse(AutoscalingObserver.waits(EARLIER, later, T0.plusSeconds(62), WINDOW));
    }

    @Test
    void aWindowWithoutANewerReadingWaits() {
        assertTrue(AutoscalingObserver.waits(EARLIER, EARLIER.get(), T0.plusSeconds(90), WINDOW),
                "the reads since failed: nothing to observe");
    }

    @Test
    void aFirstReadingOrNoneAtAllIsReported() {
        assertFalse(AutoscalingObserver.waits(Optional.empty(), read(T0, T0), T0, WINDOW), "FirstReading");
        assertFalse(AutoscalingObserver.waits(EARLIER, new CounterReading(Map.of()), T0.plusSeconds(90), WINDOW),
                "no broker answers");
    }
}
