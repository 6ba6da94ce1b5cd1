package io.brokerwise.operator.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerwise.operator.journal.JournalVolumeVerdict.Volume;
import io.brokerwise.operator.layout.Conditions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JournalVolumeVerdictTest {

    static final String LIMIT = "brokers refuse sends above 90%";

    @Test
    void aVolumeAtNinetyPercentOrMoreIsFullAndNamedWithEveryOtherFullOne() {
        var verdict = JournalVolumeVerdict.of(List.of(new Volume("journal-orders-broker-0", 0.96),
                new Volume("journal-orders-broker-1", 0.42), new Volume("journal-orders-broker-2", 0.9)));
        assertEquals(new Conditions.Verdict(Conditions.JOURNAL_VOLUMES, false, "VolumeFull",
                "journal-orders-broker-0 is 96% used, journal-orders-broker-2 is 90% used; " + LIMIT + ": consume "
                        + "what they hold, or give the topology a larger spec.storage.size (docs/operations.md, "
                        + "Storage)"), verdict);
    }

    @Test
    void volumesWithRoomNameTheFullestRoundedDownSoThatNinetyIsNeverShownBelowTheLimit() {
        var verdict = JournalVolumeVerdict.of(List.of(new Volume("journal-orders-broker-0", 0.29),
                new Volume("journal-orders-broker-1", 0.8999)));
        assertEquals(new Conditions.Verdict(Conditions.JOURNAL_VOLUMES, true, "VolumesHaveRoom",
                "the fullest, journal-orders-broker-1 is 89% used; " + LIMIT), verdict);
    }

    @Test
    void volumesNotReadAreNamedAfterTheOthers() {
        var verdict = JournalVolumeVerdict.of(List.of(new Volume("journal-orders-broker-0", 0.29),
                Volume.unread("journal-orders-broker-1")));
        assertEquals(new Conditions.Verdict(Conditions.JOURNAL_VOLUMES, true, "VolumesHaveRoom",
                "the fullest, journal-orders-broker-0 is 29% used; " + LIMIT + "; not read yet: journal-orders-broker-1"
                        + " (a broker that has not answered on its metrics port yet, or serves no disk usage yet)"),
                verdict);
    }

    @Test
    void nothingReadIsUnknown() {
        var verdict = JournalVolumeVerdict.of(List.of(Volume.unread("journal-orders-broker-0"),
                Volume.unread("journal-orders-broker-1")));
        assertEquals(Conditions.Verdict.unknown(Conditions.JOURNAL_VOLUMES, "NotReadYet", "no journal volume read "
                + "yet: journal-orders-broker-0, journal-orders-broker-1 (a broker that has not answered on its "
                + "metrics port yet, or serves no disk usage yet)"), verdict);
        assertEquals(Conditions.Verdict.unknown(Conditions.JOURNAL_VOLUMES, "NotReadYet", "no journal volume read yet"),
                JournalVolumeVerdict.of(List.of()));
    }

    /**
     * The status follows the fullest volume read, whatever the others and the unread: at the limit and above it is
     * False, below it True.
     */
    @ParameterizedTest
    @CsvSource({"0.0, True", "0.5, True", "0.8999999, True", "0.9, False", "0.9000001, False", "1.0, False"})
    void theFullestVolumeReadDecides(double fullest, String status) {
        var verdict = JournalVolumeVerdict.of(List.of(new Volume("journal-t-broker-0", 0.1),
                new Volume("journal-t-broker-1", fullest), Volume.unread("journal-t-broker-2")));
        assertEquals(status, verdict.value(), verdict.toString());
    }
}
