package io.brokerwise.operator.layout;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The conditions of a topology's status: Valid, Planned, Deployed, Ready, JournalVolumes for brokers with a journal,
 * Retiring (and Verified later).
 */
public final class Conditions {

    public static final String VALID = "Valid";
    public static final String PLANNED = "Planned";
    public static final String DEPLOYED = "Deployed";
    public static final String READY = "Ready";
    public static final String PAUSED = "Paused";
    public static final String JOURNAL_VOLUMES = "JournalVolumes";
    /** True while a broker the layout left is kept for the clients or messages it still holds. */
    public static final String RETIRING = "Retiring";
    /** True while brokers are replaced cell by cell (a change that restarts them, a drain); the reason names the step. */
    public static final String ROLLING_OUT = "RollingOut";

    private Conditions() {
    }

    /**
     * A condition a decision sets, with the reason and message a user reads.
     *
     * @param value "True", "False", or "Unknown" while the decision has nothing to go on yet
     */
    public record Verdict(String type, String value, String reason, String message) {

        public Verdict(String type, boolean value, String reason, String message) {
            this(type, value ? "True" : "False", reason, message);
        }

        public static Verdict unknown(String type, String reason, String message) {
            return new Verdict(type, "Unknown", reason, message);
        }
    }

    /**
     * Sets a condition, keeping its transition time when its status does not change.
     *
     * @return whether anything a user would notice changed (status, reason or message)
     */
    public static boolean set(List<Condition> conditions, long generation, String type, boolean status,
                              String reason, String message) {
        return set(conditions, generation, type, status ? "True" : "False", reason, message);
    }

    /** The same, for a condition that may also be "Unknown" (a run still under way). */
    public static boolean set(List<Condition> conditions, long generation, String type, String value,
                              String reason, String text) {
        String message = printable(text);
        Optional<Condition> existing = find(conditions, type);
        boolean changed = existing.map(c -> !value.equals(c.getStatus()) || !Objects.equals(reason, c.getReason())
                || !Objects.equals(message, c.getMessage())).orElse(true);
        String since = existing.filter(c -> value.equals(c.getStatus())).map(Condition::getLastTransitionTime)
                .orElse(Instant.now().toString());
        conditions.removeIf(c -> type.equals(c.getType()));
        conditions.add(new ConditionBuilder().withType(type).withStatus(value).withReason(reason).withMessage(message)
                .withObservedGeneration(generation).withLastTransitionTime(since).build());
        return changed;
    }

    /**
     * A message as a status can carry it: a message may quote what a user wrote (a selector, a label), and the API
     * server refuses a status patch with control characters in it, so each is written as a backslash, u and its
     * four hex digits, as JSON would escape it.
     */
    static String printable(String message) {
        if (message == null || message.chars().noneMatch(Character::isISOControl)) {
            return message;
        }
        StringBuilder out = new StringBuilder(message.length() + 8);
        message.chars().forEach(c -> out.append(Character.isISOControl(c) ? String.format("\\u%04x", c)
                : String.valueOf((char) c)));
        return out.toString();
    }

    public static Optional<Condition> find(List<Condition> conditions, String type) {
        return conditions.stream().filter(c -> type.equals(c.getType())).findFirst();
    }

    public static boolean isTrue(List<Condition> conditions, String type) {
        return find(conditions, type).map(c -> "True".equals(c.getStatus())).orElse(false);
    }
}
