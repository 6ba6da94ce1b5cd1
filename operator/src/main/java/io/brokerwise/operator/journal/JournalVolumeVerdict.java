package io.brokerwise.operator.journal;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.operator.layout.Conditions;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The JournalVolumes condition, from how full each broker's journal volume was at its broker's last read. A broker
 * refuses sends once its volume is {@link BrokerConfiguration#MAX_DISK_USAGE}% used (max-disk-usage, disk-full-policy
 * FAIL), and the client library fails a refused send 30 s later: the condition says so before the applications do,
 * naming each claim to act on.
 */
public final class JournalVolumeVerdict {

    /** The share of a volume in use from which its broker refuses sends. */
    static final double FULL = BrokerConfiguration.MAX_DISK_USAGE / 100.0;

    private static final String LIMIT = "brokers refuse sends above " + BrokerConfiguration.MAX_DISK_USAGE + "%";
    private static final String WHY_UNREAD = " (a broker that has not answered on its metrics port yet, or serves no "
            + "disk usage yet)";

    private JournalVolumeVerdict() {
    }

    /**
     * One broker's journal claim and how full its volume was at the broker's last read, 0 to 1; NaN when there is no
     * such read: the broker was not read yet, does not answer, or serves no usage yet (Artemis's first disk scan).
     */
    public record Volume(String claim, double usage) {

        static Volume unread(String claim) {
            return new Volume(claim, Double.NaN);
        }

        boolean read() {
            return !Double.isNaN(usage);
        }

        boolean full() {
            return usage >= FULL;
        }

        /** "journal-orders-broker-0 is 96% used": whole percents, rounded down, so a volume shown at 90% is full. */
        String describe() {
            return claim + " is " + BigDecimal.valueOf(usage).movePointRight(2).setScale(0, RoundingMode.FLOOR)
                    + "% used";
        }
    }

    /** The condition for a topology's brokers, one volume each. */
    public static Conditions.Verdict of(List<Volume> volumes) {
        List<Volume> read = volumes.stream().filter(Volume::read)
                .sorted(Comparator.comparingDouble(Volume::usage).reversed()).toList();
        List<String> unread = volumes.stream().filter(v -> !v.read()).map(Volume::claim).toList();
        if (read.isEmpty()) {
            return Conditions.Verdict.unknown(Conditions.JOURNAL_VOLUMES, "NotReadYet", "no journal volume read yet"
                    + (unread.isEmpty() ? "" : ": " + String.join(", ", unread) + WHY_UNREAD));
        }
        List<Volume> full = read.stream().filter(Volume::full).toList();
        if (!full.isEmpty()) {
            return new Conditions.Verdict(Conditions.JOURNAL_VOLUMES, false, "VolumeFull", describe(full) + "; "
                    + LIMIT + ": consume what they hold, or give the topology a larger spec.storage.size "
                    + "(docs/operations.md, Storage)" + notRead(unread));
        }
        return new Conditions.Verdict(Conditions.JOURNAL_VOLUMES, true, "VolumesHaveRoom", "the fullest, "
                + read.get(0).describe() + "; " + LIMIT + notRead(unread));
    }

    private static String describe(List<Volume> volumes) {
        return volumes.stream().map(Volume::describe).collect(Collectors.joining(", "));
    }

    /** The claims whose usage is not known, as the end of a message about the others. */
    private static String notRead(List<String> unread) {
        return unread.isEmpty() ? "" : "; not read yet: " + String.join(", ", unread) + WHY_UNREAD;
    }
}
