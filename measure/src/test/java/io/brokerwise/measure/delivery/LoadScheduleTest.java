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
}
