package io.brokerwise.model.topology.constraint;

import io.brokerwise.model.topology.BrokerLoad;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.model.topology.Objectives;
import java.util.ArrayList;
import java.util.List;

/**
 * One thing a layout must satisfy, one class each (as Cruise Control's goals are): a new constraint is
 * a new class and its place in {@link #inPriorityOrder}. A constraint reads the figures of the layout's
 * most loaded broker; the planner checks the constraints in order and stops at the first one broken,
 * so the cheap checks come first and a layout that breaks several is reported by the first.
 */
public interface PlanConstraint {

    /** A CamelCase word fit for a Kubernetes condition reason and for {@code status.binding}. */
    String reason();

    boolean violatedBy(BrokerLoad load);

    /** Why the layout breaks this constraint: its figure against the limit. */
    String violation(BrokerLoad load);

    /** The layout's figure over the limit, 1 or less where it holds: how the planner finds the closest layout. */
    double excess(BrokerLoad load);

    /**
     * Whether {@link #excess} measures the broker's load and costs little, so that the planner may rank many
     * infeasible layouts by it before it evaluates the few closest in full.
     */
    default boolean ranksLoad() {
        return true;
    }

    /** The constraints of these objectives and limits, cheapest check first. */
    static List<PlanConstraint> inPriorityOrder(Objectives objectives, Limits limits) {
        List<PlanConstraint> all = new ArrayList<>(List.of(
                new MaxBrokers(limits.maxBrokers()),
                new ConnectionsPerBroker(limits.maxConnectionsPerBroker()),
                new Utilization(objectives.maxUtilization()),
                new Network(objectives.maxNetworkUtilization())));
        if (objectives.boundsRecovery()) {
            all.add(new RecoveryTime(objectives.maxRecoverySeconds()));
        }
        if (objectives.boundsWaitingTime()) {
            all.add(new WaitingTime(objectives.waitingQuantile(), objectives.maxWaitingSeconds()));
        }
        if (objectives.boundsEndToEnd()) {
            all.add(new EndToEndLatency(objectives.waitingQuantile(), objectives.maxEndToEndSeconds()));
        }
        return List.copyOf(all);
    }
}
