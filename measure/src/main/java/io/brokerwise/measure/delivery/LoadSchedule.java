package io.brokerwise.measure.delivery;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The aggregate rate a delivery check publishes at, phase by phase: {@code 50x60s,200x120s} is 50 messages/s for
 * 60 s, then 200 messages/s for 120 s. A load that ramps past a plan and falls back is three phases.
 */
public record LoadSchedule(List<Phase> phases) {

    /** {@code messagesPerSecond} over all publishers, for {@code length}. */
    public record Phase(double messagesPerSecond, Duration length) {
    }

    private static final Pattern PHASE = Pattern.compile("(\\d+(?:\\.\\d+)?)x(\\d+)s");

    public LoadSchedule {
        phases = List.copyOf(phases);
        if (phases.isEmpty()) {
            throw new IllegalArgumentException("a schedule needs at least one phase, such as 50x60s");
        }
    }

    /** Parses {@code RATExSECONDSs[,RATExSECONDSs...]}; the message says what to write instead. */
    public static LoadSchedule parse(String text) {
        List<Phase> phases = new ArrayList<>();
        for (String part : text.split(",")) {
            Matcher m = PHASE.matcher(part.trim());
            if (!m.matches() || Double.parseDouble(m.group(1)) <= 0 || Long.parseLong(m.group(2)) <= 0) {
                throw new IllegalArgumentException("schedule phase '" + part.trim() + "': write a positive rate in "
                        + "messages/s, 'x' and a positive length in seconds, such as 50x60s");
            }
            phases.add(new Phase(Double.parseDouble(m.group(1)), Duration.ofSeconds(Long.parseLong(m.group(2)))));
        }
        return new LoadSchedule(phases);
    }

    public Duration length() {
        return phases.stream().map(Phase::length).reduce(Duration.ZERO, Duration::plus);
    }

    /** The aggregate rate {@code elapsed} into the schedule; empty once it is over. */
    public OptionalDouble rateAt(Duration elapsed) {
        Duration end = Duration.ZERO;
        for (Phase p : phases) {
            end = end.plus(p.length());
            if (elapsed.compareTo(end) < 0) {
                return OptionalDouble.of(p.messagesPerSecond());
            }
        }
        return OptionalDouble.empty();
    }

    /** The messages all publishers together send over the whole schedule. */
    public double messages() {
        return phases.stream().mapToDouble(p -> p.messagesPerSecond() * p.length().toSeconds()).sum();
    }

    /** The most messages one of {@code publishers} sends over the whole schedule: the size of its ledger. */
    public int messagesPerPublisher(int publishers) {
        return (int) Math.ceil(messages() / publishers) + 1;
    }
}
