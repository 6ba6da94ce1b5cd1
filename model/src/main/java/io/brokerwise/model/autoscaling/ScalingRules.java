package io.brokerwise.model.autoscaling;

import io.brokerwise.model.autoscaling.ScalingDecision.Action;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.model.topology.LayoutEvaluation;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.model.topology.Objectives;
import io.brokerwise.model.topology.Plan;
import io.brokerwise.model.topology.TopologyEvaluator;
import io.brokerwise.model.topology.TopologyMode;
import io.brokerwise.model.topology.TopologyPlanner;
import io.brokerwise.model.topology.Workload;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * The control rules of Taton et al., sec. 5.1, on the model's prediction for the observed workload: the running
 * layout grows when its busiest broker would pass {@code scaleUpUtilization} (or break another objective), to the
 * layout the planner picks with that cap (R5); it shrinks when its busiest broker falls below
 * {@code scaleDownUtilization} and the planner finds a layout of fewer brokers that stays within it too (R6). The
 * two caps make a band in which nothing changes, and no change follows another within the inhibition delay.
 * Pure: the time comes from the clock, the state (when the last change's inhibition ends) from the caller.
 */
public final class ScalingRules {

    private final TopologyPlanner planner = new TopologyPlanner();
    private final ScalingPolicy policy;
    private final Workload declared;
    private final ServiceTimeProfile profile;
    private final Objectives objectives;
    private final Limits limits;
    private final TopologyMode mode;
    private final Clock clock;

    /**
     * @param declared   the workload of the manifest: the shape of the filters, and the floor where the policy says so
     * @param objectives the manifest's objectives; the policy's caps take the place of its utilization cap
     * @param limits     what the platform offers; the policy's maxBrokers caps its broker limit
     */
    public ScalingRules(ScalingPolicy policy, Workload declared, ServiceTimeProfile profile, Objectives objectives,
                        Limits limits, TopologyMode mode, Clock clock) {
        this.policy = policy;
        this.declared = declared;
        this.profile = profile;
        this.objectives = objectives;
        this.limits = limits.withMaxBrokers(Math.min(limits.maxBrokers(), policy.maxBrokers()));
        this.mode = mode;
        this.clock = clock;
    }

    /**
     * What to do with the {@code running} layout under the {@code observed} load.
     *
     * @param inhibitedUntil the end of the last change's inhibition, if there was a change
     */
    public ScalingDecision decide(Layout running, ObservedLoad observed, Optional<Instant> inhibitedUntil) {
        Instant now = clock.instant();
        Workload workload = observed.asWorkload(declared, policy.declaredIsFloor());
        Objectives up = capped(policy.scaleUpUtilization());
        // the running layout is judged by its load alone, also where the broker limit has fallen below it
        LayoutEvaluation current = new TopologyEvaluator(workload, profile, up,
                limits.withMaxBrokers((int) Math.max(limits.maxBrokers(), running.brokers()))).evaluate(running);
        Proposal proposal = current.feasible() ? shrink(workload, running, current) : grow(workload, running, current);
        if (proposal.to.equals(running)) {
            return new ScalingDecision(Action.HOLD, proposal.reason, proposal.message, running, running, current, now,
                    inhibitedUntil);
        }
        if (inhibitedUntil.isPresent() && now.isBefore(inhibitedUntil.get())) {
            return new ScalingDecision(Action.HOLD, ScalingDecision.INHIBITED, proposal.message
                    + "; no change before " + inhibitedUntil.get() + " (inhibition delay " + policy.inhibitionDelay()
                    + " after the last change)", running, proposal.to, current, now, inhibitedUntil);
        }
        Action action = proposal.to.brokers() > running.brokers() ? Action.GROW
                : proposal.to.brokers() < running.brokers() ? Action.SHRINK : Action.RESHAPE;
        return new ScalingDecision(action, proposal.reason, proposal.message, running, proposal.to, current, now,
                Optional.of(now.plus(policy.inhibitionDelay())));
    }

    /** A proposed layout, the running one when there is none, and why. */
    private record Proposal(String reason, String message, Layout to) {
    }

    /** R5: the running layout breaks an objective under the observed load. */
    private Proposal grow(Workload workload, Layout running, LayoutEvaluation current) {
        String overload = running + " on the observed load: " + current.violation();
        TopologyEvaluator evaluator = new TopologyEvaluator(workload, profile, capped(policy.scaleUpUtilization()),
                limits);
        Plan plan = planner.plan(workload, profile, evaluator.objectives(), limits, mode);
        if (!plan.feasible()) {
            return new Proposal(ScalingDecision.NO_FEASIBLE_LAYOUT, overload + "; no layout within "
                    + limits.maxBrokers() + " brokers carries it: " + plan.bindingMessage(), running);
        }
        Layout to = atLeastMinBrokers(plan.chosen().orElseThrow().layout(), evaluator);
        return new Proposal(ScalingDecision.OVERLOADED, overload + "; " + to + " would run at utilization "
                + String.format("%.3f", evaluator.evaluate(to).utilization()), to);
    }

    /** R6: the running layout is below the lower cap, and fewer brokers stay below it too. */
    private Proposal shrink(Workload workload, Layout running, LayoutEvaluation current) {
        double down = policy.scaleDownUtilization();
        String figure = String.format("%s on the observed load: utilization %.3f", running, current.utilization());
        if (current.utilization() >= down) {
            return new Proposal(ScalingDecision.WITHIN_BAND, figure + String.format(" within [%.3f, %.3f]", down,
                    policy.scaleUpUtilization()), running);
        }
        TopologyEvaluator evaluator = new TopologyEvaluator(workload, profile, capped(down), limits);
        Optional<Layout> smaller = planner.plan(workload, profile, evaluator.objectives(), limits, mode).chosen()
                .map(chosen -> atLeastMinBrokers(chosen.layout(), evaluator))
                .filter(layout -> layout.brokers() < running.brokers());
        if (smaller.isEmpty()) {
            return new Proposal(ScalingDecision.NO_SMALLER_LAYOUT, figure + String.format(" below %.3f, but no layout "
                    + "of fewer brokers (and at least minBrokers %d) stays below it", down, policy.minBrokers()), running);
        }
        Layout to = smaller.get();
        return new Proposal(ScalingDecision.UNDERLOADED, figure + String.format(" below %.3f; %s would run at %.3f",
                down, to, evaluator.evaluate(to).utilization()), to);
    }

    /**
     * The planned layout with publisher groups (else subscriber groups) added, as far as the mode allows, until it
     * has minBrokers. Per-broker load does not grow with k (ceil(n/k) publishers each), but the replication grade's
     * shape may with l (docs/models.md sec. 8), so a widened layout that breaks the cap is not taken.
     */
    private Layout atLeastMinBrokers(Layout planned, TopologyEvaluator evaluator) {
        int min = policy.minBrokers();
        int k = planned.publisherGroups();
        int l = planned.subscriberGroups();
        Workload workload = evaluator.workload();
        if (mode.kind() != TopologyMode.Kind.SSR && mode.publisherGroups() == TopologyMode.FREE) {
            k = (int) Math.max(k, Math.min(workload.publishers(), ceilDiv(min, l)));
        }
        if ((long) k * l < min && mode.kind() != TopologyMode.Kind.PSR && mode.subscriberGroups() == TopologyMode.FREE) {
            l = (int) Math.max(l, Math.min(workload.subscribers(), ceilDiv(min, k)));
        }
        Layout widened = new Layout(k, l);
        return evaluator.feasible(widened) ? widened : planned;
    }

    private Objectives capped(double utilization) {
        return objectives.withMaxUtilization(utilization);
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
