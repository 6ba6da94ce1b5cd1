package io.brokerwise.model.topology;

import io.brokerwise.model.topology.constraint.PlanConstraint;
import java.util.List;
import java.util.Optional;

/**
 * The planner's answer: the chosen layout, or, when nothing is feasible, the closest layout; the
 * constraint that binds (when nothing is feasible, the one the closest layout breaks; else the one that
 * rules out the next smaller layout, null for a single broker or a fixed layout); every alternative
 * reported with why it lost; and notes on what the model could not take into account.
 *
 * @param brokersNeeded where only the broker limit binds: how many brokers would do; else 0
 */
public record Plan(Optional<LayoutEvaluation> chosen, List<Alternative> alternatives, int layoutsWeighed,
                   LayoutEvaluation closest, PlanConstraint binding, String bindingMessage, long brokersNeeded,
                   List<String> notes) {

    /** An alternative the planner weighed and why it lost to the plan. */
    public record Alternative(LayoutEvaluation evaluation, String reason) {
    }

    public boolean feasible() {
        return chosen.isPresent();
    }
}
