package io.brokerwise.measure.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadScheduleTest {

    @Test
    void phasesFollowEachOther() {
        LoadSchedule ramp = LoadSchedule.parse("50x60s, 200x120s,50x30s");
        assertEquals(Duration.ofSeconds(210), ramp.length());
        assertEquals(50, ramp.rateAt(Duration.ofSeconds(59)).getAsDouble());
        assertEquals(200, ramp.rateAt(Duration.ofSeconds(60)).getAsDouble());
        assertEquals(50, ramp.rateAt(Duration.ofSeconds(209)).getAsDouble());
        assertTrue(ramp.rateAt(Duration.ofSeconds(210)).isEmpty());
        // (3,000 + 24,000 + 1,500) over 4 publishers, and one to spare
        assertEquals(7_126, ramp.messagesPerPublisher(4));
    }

    @Test
    void anUnreadablePhaseSaysWhatToWrite() {
        for (String bad : List.of("", "50", "50x", "0x10s", "50x0s", "-5x10s", "50x10m")) {
            var e = assertThrows(IllegalArgumentException.class, () -> LoadSchedule.parse(bad));
            assertTrue(e.getMessage().contains("such as 50x60s"), e.getMessage());
        }
    }

    @Test
    void missedMessagesCloseInTimeAreOneSpan() {
        assertEquals(List.of(new MessageSpan(1_000, 1_900, 3), new MessageSpan(5_000, 5_000, 1)),
                MessageSpan.of(List.of(1_900L, 1_000L, 5_000L, 1_400L)));
        assertEquals(List.of(), MessageSpan.of(List.of()));
    }

    @Test
    void aPacerFollowsTheScheduleUntilMovedOnOrStopped() {
        long s = 1_000_000_000L;
        LoadPacer pacer = new LoadPacer(LoadSchedule.parse("50x60s,200x120s,50x30s"), 0, 5_000);
        assertEquals(50, pacer.rateAt(59 * s).getAsDouble());
        assertEquals(200, pacer.rateAt(60 * s).getAsDouble());
        pacer.advanceTo(2, 70 * s, 75_000);
        assertEquals(50, pacer.rateAt(70 * s).getAsDouble(), "moved on at 70 s");
        assertEquals(50, pacer.rateAt(99 * s).getAsDouble(), "the last phase lasts its 30 s from the move");
        assertTrue(pacer.rateAt(100 * s).isEmpty());
        assertEquals(List.of(5_000L, 65_000L, 75_000L), pacer.phaseStarts());

        LoadPacer stopped = new LoadPacer(LoadSchedule.parse("50x60s,200x120s"), 0, 0);
        stopped.advanceTo(5, s, 1_000);
        assertTrue(stopped.rateAt(s).isEmpty(), "moved past the last phase: the load is over");
        LoadPacer halted = new LoadPacer(LoadSchedule.parse("50x60s"), 0, 0);
        halted.stop();
        assertTrue(halted.rateAt(0).isEmpty());
    }

    @Test
    void sendsBetweenTwoInstantsCountOnlyTheWholeSecondsInside() {
        DeliveryReport report = new DeliveryReport(10_000, LoadSchedule.parse("10x4s"), List.of(10_000L), 40,
                List.of(10, 10, 10, 10), 0, 0, List.of(), null);
        assertEquals(20, report.sentBetween(11_000, 13_000));
        assertEquals(10, report.sentBetween(11_500, 13_000), "the second from 11 s is only half inside");
        assertEquals(0, report.sentBetween(20_000, 30_000), "after the load");
    }

    @Test
    void theSendRateBetweenTwoInstantsIsOverTheWholeSecondsInside() {
        DeliveryReport report = new DeliveryReport(10_000, LoadSchedule.parse("10x4s"), List.of(10_000L), 100,
                List.of(10, 20, 30, 40), 0, 0, List.of(), null);
        assertEquals(25.0, report.sentPerSecondBetween(11_000, 13_000), 1e-9, "20 and 30 over 2 s");
        assertEquals(30.0, report.sentPerSecondBetween(11_500, 13_900), 1e-9, "only the second from 12 s is inside");
        assertTrue(Double.isNaN(report.sentPerSecondBetween(20_000, 30_000)), "no second of the load inside");
    }
}
