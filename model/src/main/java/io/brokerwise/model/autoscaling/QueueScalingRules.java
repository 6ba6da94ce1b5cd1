package io.brokerwise.model.autoscaling;

import io.brokerwise.model.autoscaling.ScalingDecision.Action;
import io.brokerwise.model.replicatedqueue.QueueWorkload;
import io.brokerwise.model.replicatedqueue.ReplicatedQueuePlan;
import io.brokerwise.model.replicatedqueue.ReplicatedQueuePlanner;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.model.topology.Objectives;
import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * Provisioning of one replicated queue on its observed load, after Taton et al., sec. 5.2 (Algorithms 1 and 2), in
 * the model's terms (docs/models.md sec. 11). A replica is added when the busiest of the running k would pass
 * {@code scaleUpUtilization} (or break the waiting-time objective) under the observed load: the queue grows to the k
 * the planner picks with that cap (R5). One is removed when the busiest is below {@code scaleDownUtilization} and k - 1
 * replicas stay below it too: the rest carry the load, the paper's C_i <= C_c - (N_c + M_c) (R6). Down one replica at
 * a time, since a removed replica must first empty. No change follows another within the inhibition delay. Pure:
 * the time comes from the clock, the state (when the last change's inhibition ends) from the caller.
 */
public final class QueueScalingRules {

    /** A hold: no consumer is attached, so there is nothing to size the queue for. */
    public static final String NO_CONSUMERS = "NoConsumers";
    /** A hold of a shrink: a replica removed before still retires, and goes first. */
    public static final String RETIRING = "ReplicaRetiring";

    private final ReplicatedQueuePlanner planner = new ReplicatedQueuePlanner();
    private final ScalingPolicy policy;
    private final ServiceTimeProfile profile;
    private final Objectives objectives;
    private final Limits limits;
    private final Clock clock;

    /**
     * @param objectives the manifest's; the policy's caps take the place of its utilization cap
     * @param limits     what the platform offers; the policy's maxBrokers caps it
     */
    public QueueScalingRules(ScalingPolicy policy, ServiceTimeProfile profile, Objectives objectives, Limits limits,
                             Clock clock) {
        this.policy = policy;
        this.profile = profile;
        this.objectives = objectives;
        this.limits = limits.withMaxBrokers(Math.min(limits.maxBrokers(), policy.maxBrokers()));
        this.clock = clock;
    }

    /**
     * What to do with the {@code declared} queue running on {@code running} replicas under the observed load.
     *
     * @param retiring whether a replica removed before still retires: no other goes until it has emptied
     */
    public QueueScalingDecision decide(QueueWorkload declared, int running, boolean retiring,
                                       ObservedQueueLoad observed, Optional<Instant> inhibitedUntil) {
        Instant now = clock.instant();
        QueueWorkload workload = observed.asWorkload(declared);
        Objectives up = objectives.withMaxUtilization(policy.scaleUpUtilization());
        var current = planner.evaluate(workload, profile, up, running);
        Proposal proposal = observed.consumers() == 0
                ? new Proposal(NO_CONSUMERS, "no consumer is attached to any replica: " + running
                        + " replica(s) kept until consumers are back", running)
                : current.meets() ? shrink(workload, running, current) : grow(workload, running, current);
        if (proposal.to < running && retiring) {
            proposal = new Proposal(RETIRING, proposal.message + "; waits until the replica removed before has "
                    + "emptied", running);
        }
        if (proposal.to == running) {
            return new QueueScalingDecision(declared.name(), Action.HOLD, proposal.reason, proposal.message, running,
                    running, current.busiest(), now, inhibitedUntil);
        }
        if (inhibitedUntil.isPresent() && now.isBefore(inhibitedUntil.get())) {
            return new QueueScalingDecision(declared.name(), Action.HOLD, ScalingDecision.INHIBITED, proposal.message
                    + "; no change before " + inhibitedUntil.get() + " (inhibition delay " + policy.inhibitionDelay()
                    + " after the last change)", running, proposal.to, current.busiest(), now, inhibitedUntil);
        }
        return new QueueScalingDecision(declared.name(), proposal.to > running ? Action.GROW : Action.SHRINK,
                proposal.reason, proposal.message, running, proposal.to, current.busiest(), now,
                Optional.of(now.plus(policy.inhibitionDelay())));
    }

    private record Proposal(String reason, String message, int to) {
    }

    /** R5: the running replicas break an objective under the observed load. */
    private Proposal grow(QueueWorkload workload, int running, ReplicatedQueuePlanner.Evaluation current) {
        String overload = running + " replica(s) on the observed load: " + current.violation().orElseThrow();
        ReplicatedQueuePlan plan = planner.plan(workload, profile,
                objectives.withMaxUtilization(policy.scaleUpUtilization()), limits);
        if (!plan.feasible() || plan.replicas() <= running) {
            return new Proposal(ScalingDecision.NO_FEASIBLE_LAYOUT, overload + "; no more replicas carry it: "
                    + plan.reason(), running);
        }
        int to = plan.replicas();
        return new Proposal(ScalingDecision.OVERLOADED, overload + "; " + to + " would run at utilization "
                + figure(plan.replica().orElseThrow().utilization()), to);
    }

    /** R6: the busiest replica is below the lower cap, and one replica fewer stays below it too. */
    private Proposal shrink(QueueWorkload workload, int running, ReplicatedQueuePlanner.Evaluation current) {
        double down = policy.scaleDownUtilization();
        double utilization = current.busiest().utilization();
        String observed = running + " replica(s) on the observed load: utilization " + figure(utilization);
        if (utilization >= down) {
            return new Proposal(ScalingDecision.WITHIN_BAND, observed + " within [" + figure(down) + ", "
                    + figure(policy.scaleUpUtilization()) + "]", running);
        }
        if (running == 1) {
            return new Proposal(ScalingDecision.NO_SMALLER_LAYOUT, observed + " below " + figure(down)
                    + ", on one replica already", running);
        }
        var fewer = planner.evaluate(workload, profile, objectives.withMaxUtilization(down), running - 1);
        if (!fewer.meets()) {
            return new Proposal(ScalingDecision.NO_SMALLER_LAYOUT, observed + " below " + figure(down) + ", but "
                    + (running - 1) + " would not stay below it: " + fewer.violation().orElseThrow(), running);
        }
        return new Proposal(ScalingDecision.UNDERLOADED, observed + " below " + figure(down) + "; " + (running - 1)
                + " would run at " + figure(fewer.busiest().utilization()), running - 1);
    }

    private static String figure(double utilization) {
        return String.format(Locale.ROOT, "%.3f", utilization);
    }
}
