package io.brokerwise.model.autoscaling;

import io.brokerwise.model.topology.Layout;
import io.brokerwise.model.topology.LayoutEvaluation;
import java.time.Instant;
import java.util.Optional;

/**
 * What the control rules decided for one observation, and why: a word fit for an event's and a condition's
 * reason, and a sentence with the figures.
 *
 * @param action         whether the layout changes, and how
 * @param from           the layout the brokers run
 * @param to             the layout proposed: {@code from} when nothing is proposed
 * @param current        the model's figures for {@code from} under the observed workload (its busiest broker)
 * @param inhibitedUntil no change before this instant; after a change, the change plus the inhibition delay
 */
public record ScalingDecision(Action action, String reason, String message, Layout from, Layout to,
                              LayoutEvaluation current, Instant at, Optional<Instant> inhibitedUntil) {

    public enum Action {
        /** More brokers. */
        GROW,
        /** Fewer brokers. */
        SHRINK,
        /** As many brokers in another shape: the running one breaks an objective and this one does not. */
        RESHAPE,
        /** No change; {@code to} may still name the layout the rules would move to once the delay is over. */
        HOLD
    }

    /** Reasons of a hold. */
    public static final String INHIBITED = "Inhibited";
    public static final String WITHIN_BAND = "WithinBand";
    public static final String NO_SMALLER_LAYOUT = "NoSmallerLayout";
    public static final String NO_FEASIBLE_LAYOUT = "NoFeasibleLayout";
    /** Reasons of a change. */
    public static final String OVERLOADED = "Overloaded";
    public static final String UNDERLOADED = "Underloaded";

    public boolean changes() {
        return action != Action.HOLD;
    }
}
