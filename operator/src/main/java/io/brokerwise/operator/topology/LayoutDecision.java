package io.brokerwise.operator.topology;

import io.brokerwise.api.planning.PlanReports;
import io.brokerwise.api.planning.QueuePlan;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologySpec;
import io.brokerwise.api.v1alpha1.PubSubTopologyStatus;
import io.brokerwise.model.replicatedqueue.ReplicatedQueuePlan;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.operator.autoscaling.AutoscaledLayout;
import io.brokerwise.operator.layout.Conditions;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.operator.layout.TopologyPlanning;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Which layout a topology's pass deploys, and why: the plan if the spec is valid and the plan feasible and approved;
 * the layout mode Auto holds in its place; what already runs while a plan (or a change of the queues it deploys)
 * waits for approval, or while a re-plan the
 * user did not ask for (nodes or the profile changed) waits for the last change's inhibition to end. Pure: the
 * reconciler gathers the inputs, and applies the decision (its conditions, the plan it reports, the inhibition it
 * starts, the layout); the clock is the only source of time.
 */
public final class LayoutDecision {

    private final Clock clock;

    public LayoutDecision(Clock clock) {
        this.clock = clock;
    }

    /**
     * What a pass knows when it decides: the topology, its status so far, what planning came to, what runs (the
     * topic's layout, and k of each queue the brokers carry).
     */
    public record Inputs(PubSubTopology topology, PubSubTopologyStatus status, TopologyPlanning.Outcome outcome,
                         Optional<Layout> running, Map<String, Integer> runningQueues) {

        public Inputs(PubSubTopology topology, PubSubTopologyStatus status, TopologyPlanning.Outcome outcome,
                      Optional<Layout> running) {
            this(topology, status, outcome, running, Map.of());
        }
    }

    /**
     * @param deploy      the layout to apply, or empty: nothing to deploy yet
     * @param verdicts    the Valid and Planned conditions
     * @param reported    the plan to show in status (for a topology without nodes: what it would need)
     * @param inhibitFrom a re-plan the user did not ask for is applied now: no further change for the delay
     * @param lookAgainIn when the decision may change without news: the end of an inhibition
     * @param hold        the layout mode Auto holds from now on: what ran when the status was lost
     * @param queuesHeld  the brokers keep the queues they carry: the plan's wait for approval, or the status that
     *                    held autoscaling's k was lost
     */
    public record Decision(Optional<Layout> deploy, List<Conditions.Verdict> verdicts, Optional<TopologyPlanning.Planned> reported,
                           Optional<Instant> inhibitFrom, Optional<Duration> lookAgainIn, Optional<Layout> hold,
                           boolean queuesHeld) {
    }

    public Decision decide(Inputs in) {
        Builder out = new Builder();
        if (in.outcome() instanceof TopologyPlanning.Invalid invalid) {
            out.verdict(Conditions.VALID, false, invalid.reason(), invalid.message());
            out.verdict(Conditions.PLANNED, false, invalid.reason(), "cannot plan an invalid topology");
            return out.deploy(in.running());
        }
        out.verdict(Conditions.VALID, true, "Valid", "spec is valid");
        if (in.outcome() instanceof TopologyPlanning.NoNodes none) {
            // what the workload would need, so a user sees how many nodes to label before any exists
            out.reported = Optional.of(none.wouldNeed());
            out.verdict(Conditions.PLANNED, false, "NoDedicatedNodes", none.message());
            return out.deploy(in.running());
        }
        var planned = (TopologyPlanning.Planned) in.outcome();
        out.reported = Optional.of(planned);
        out.queuesHeld = queuesWait(in, planned);
        if (!planned.plan().feasible()) {
            out.verdict(Conditions.PLANNED, false, planned.plan().binding().reason(),
                    planned.plan().bindingMessage() + " (" + planned.dedicatedNodes() + " dedicated nodes match)");
            return out.deploy(in.running());
        }
        return feasible(in, planned, out);
    }

    private Decision feasible(Inputs in, TopologyPlanning.Planned planned, Builder out) {
        Layout plan = planned.plan().chosen().orElseThrow().layout();
        if (statusLost(in.topology()) && in.running().isPresent()) {
            return restored(in, plan, out);
        }
        Optional<Layout> held = AutoscaledLayout.held(in.topology(), in.status());
        if (held.isPresent()) {
            String why = Optional.ofNullable(in.status().autoscaling.lastScaling).map(l -> l.reason)
                    .orElse("kept when the status was lost");
            out.verdict(Conditions.PLANNED, true, "Autoscaled", "layout " + held.get() + " applied by autoscaling ("
                    + why + ") in place of the plan " + plan + " of spec.workload"
                    + (out.queuesHeld ? "; the queues' changes wait for approval: " + approveCommand(in.topology())
                    : ""));
            return out.deploy(held);
        }
        PubSubTopology topology = in.topology();
        if (needsApproval(topology, in.running(), plan)) {
            out.verdict(Conditions.PLANNED, true, "AwaitingApproval", "plan " + plan + " waits for approval: "
                    + approveCommand(topology));
            out.queuesHeld = true;
            return out.deploy(in.running());
        }
        if (out.queuesHeld) {
            out.verdict(Conditions.PLANNED, true, "AwaitingApproval", "queues " + describe(plannedQueues(planned))
                    + " wait for approval, " + describe(in.runningQueues()) + " run meanwhile: "
                    + approveCommand(topology));
            return out.deploy(in.running());
        }
        if (in.running().isPresent() && !in.running().get().equals(plan) && !specEdited(topology)
                && !approved(topology)) {
            return replanned(in, planned, plan, out);
        }
        return applied(planned, plan, out);
    }

    /**
     * A new plan for an unchanged spec (nodes or the profile changed): with autoscaling on, it waits for the last
     * change's inhibition to end, and starts one of its own.
     */
    private Decision replanned(Inputs in, TopologyPlanning.Planned planned, Layout plan, Builder out) {
        Instant now = clock.instant();
        Optional<Instant> until = AutoscaledLayout.inhibitedUntil(in.topology(), in.status(), now);
        if (until.isPresent()) {
            out.verdict(Conditions.PLANNED, true, "Inhibited", "plan " + plan + " waits until " + until.get()
                    + ", the end of the last change's inhibition; " + in.running().orElseThrow() + " runs meanwhile");
            out.lookAgainIn = Optional.of(Duration.between(now, until.get()));
            return out.deploy(in.running());
        }
        out.inhibitFrom = Optional.of(now).filter(n -> AutoscaledLayout.on(in.topology()));
        return applied(planned, plan, out);
    }

    /**
     * The status is gone (wiped, or restored from a backup without it) while a layout runs: nothing says whether the
     * spec changed, nor which layout autoscaling applied and when. What runs stays; mode Auto holds it as its own, and
     * with autoscaling on an inhibition starts, so that nothing moves before the brokers are observed again. The
     * plan applies once the spec changes.
     */
    private Decision restored(Inputs in, Layout plan, Builder out) {
        Layout running = in.running().orElseThrow();
        boolean auto = AutoscaledLayout.auto(in.topology());
        out.verdict(Conditions.PLANNED, true, "StatusRestored", "the status was lost: " + running + ", which runs, "
                + "is kept" + (auto ? " as autoscaling's layout" : "") + "; the plan " + plan
                + " applies once the spec changes");
        out.inhibitFrom = Optional.of(clock.instant()).filter(n -> AutoscaledLayout.on(in.topology()));
        out.hold = Optional.of(running).filter(r -> auto);
        // the queues' k autoscaling held went with the status: the brokers keep the queues they carry too
        out.queuesHeld = true;
        return out.deploy(in.running());
    }

    /** Whether the stored status has never been written, or was wiped: it observed no generation. */
    static boolean statusLost(PubSubTopology topology) {
        return topology.getStatus() == null || topology.getStatus().observedGeneration == null;
    }

    private static Decision applied(TopologyPlanning.Planned planned, Layout plan, Builder out) {
        out.verdict(Conditions.PLANNED, true, "Planned", "plan " + plan + ": " + PlanReports.reason(planned.plan()));
        return out.deploy(Optional.of(plan));
    }

    /** Whether the spec changed since the last pass: its plan applies at once, inhibition or not. */
    public static boolean specEdited(PubSubTopology topology) {
        return topology.getStatus() == null
                || !Objects.equals(topology.getStatus().observedGeneration, topology.getMetadata().getGeneration());
    }

    private static boolean needsApproval(PubSubTopology topology, Optional<Layout> running, Layout plan) {
        return manual(topology) && !approved(topology) && !running.equals(Optional.of(plan));
    }

    private static boolean manual(PubSubTopology topology) {
        return topology.getSpec().approval == PubSubTopologySpec.Approval.Manual;
    }

    /** k of each queue the plan deploys. */
    private static Map<String, Integer> plannedQueues(TopologyPlanning.Planned planned) {
        Map<String, Integer> queues = new TreeMap<>();
        planned.queues().stream().map(QueuePlan::plan).filter(ReplicatedQueuePlan::feasible)
                .forEach(p -> queues.put(p.queue().name(), p.replicas()));
        return queues;
    }

    /**
     * Whether the plan's queues differ from those that run under approval: Manual, not yet approved. A queue whose k
     * mode Auto holds is left out: autoscaling's changes need no approval, as its layouts need none.
     */
    private static boolean queuesWait(Inputs in, TopologyPlanning.Planned planned) {
        if (!manual(in.topology()) || approved(in.topology())) {
            return false;
        }
        Map<String, Integer> held = AutoscaledLayout.heldQueues(in.topology(), in.status());
        Map<String, Integer> plan = plannedQueues(planned);
        Set<String> names = new TreeSet<>(plan.keySet());
        names.addAll(in.runningQueues().keySet());
        names.removeAll(held.keySet());
        return names.stream().anyMatch(q -> !Objects.equals(plan.get(q), in.runningQueues().get(q)));
    }

    private static String describe(Map<String, Integer> queues) {
        return queues.isEmpty() ? "none" : new TreeMap<>(queues).entrySet().stream()
                .map(e -> e.getKey() + " on " + e.getValue()).collect(Collectors.joining(", "));
    }

    private static String approveCommand(PubSubTopology topology) {
        return "kubectl annotate pubsubtopology " + topology.getMetadata().getName() + " " + Names.APPROVE_ANNOTATION
                + "=true";
    }

    /** Whether the user approved the plan: like a change of the spec, an approval applies it at once. */
    private static boolean approved(PubSubTopology topology) {
        return "true".equals(topology.getMetadata().getAnnotations() == null ? null
                : topology.getMetadata().getAnnotations().get(Names.APPROVE_ANNOTATION));
    }

    /** The decision as it is worked out. */
    private static final class Builder {
        private final List<Conditions.Verdict> verdicts = new ArrayList<>();
        private Optional<TopologyPlanning.Planned> reported = Optional.empty();
        private Optional<Instant> inhibitFrom = Optional.empty();
        private Optional<Duration> lookAgainIn = Optional.empty();
        private Optional<Layout> hold = Optional.empty();

        void verdict(String type, boolean value, String reason, String message) {
            verdicts.add(new Conditions.Verdict(type, value, reason, message));
        }

        private boolean queuesHeld;

        Decision deploy(Optional<Layout> layout) {
            return new Decision(layout, List.copyOf(verdicts), reported, inhibitFrom, lookAgainIn, hold, queuesHeld);
        }
    }
}
