package io.brokerwise.model.service;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a broker carrying many topics pays per message for their number: {@code seconds} times {@code form}'s work
 * at T topics, 0 at one topic. Henjes (sec. 3.2.4) measured throughput falling with the number of topics towards a
 * limit, "a moderate performance loss for many topics", without a formula, so the form is one of three a topics
 * series chooses between by held-out error (docs/models.md sec. 2): each extra topic costs alike ({@code PerTopic},
 * T - 1), less and less ({@code Logarithmic}, ln T), or towards a limit ({@code Saturating}, 1 - 1/T, the shape
 * the dissertation's curves have). {@link #NONE} charges nothing: a profile without a topics series.
 */
public record TopicCost(Form form, double seconds) {

    public static final TopicCost NONE = new TopicCost(Form.PerTopic, 0);

    /** How the work grows with the number of topics T; every form is 0 at T = 1. */
    public enum Form {
        PerTopic, Logarithmic, Saturating;

        public double work(int topics) {
            if (topics < 1) {
                throw new IllegalArgumentException("a broker carries at least one topic, got " + topics);
            }
            return switch (this) {
                case PerTopic -> topics - 1;
                case Logarithmic -> Math.log(topics);
                case Saturating -> 1 - 1.0 / topics;
            };
        }

        public static Form named(String name) {
            return Arrays.stream(values()).filter(f -> f.name().equalsIgnoreCase(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown topic cost form '" + name + "'; allowed: "
                            + Arrays.stream(values()).map(Form::name).collect(Collectors.joining(", "))));
        }

        /** The work as plans and fits write it. */
        public String formula() {
            return switch (this) {
                case PerTopic -> "(T-1)";
                case Logarithmic -> "ln T";
                case Saturating -> "(1-1/T)";
            };
        }
    }

    public TopicCost {
        if (form == null) {
            throw new IllegalArgumentException("a topic cost needs a form");
        }
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("topicSeconds must be a finite number >= 0, got " + seconds);
        }
    }

    /** Whether the profile charges the number of topics at all. */
    public boolean charged() {
        return seconds > 0;
    }

    /** Seconds per message at a broker of {@code topics} topics. */
    public double secondsAt(int topics) {
        return seconds * form.work(topics);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.3g s x %s", seconds, form.formula());
    }
}
