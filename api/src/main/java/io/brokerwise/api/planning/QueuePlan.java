package io.brokerwise.api.planning;

import io.brokerwise.api.v1alpha1.QueuePlanStatus;
import io.brokerwise.model.replicatedqueue.ReplicaLoad;
import io.brokerwise.model.replicatedqueue.ReplicatedQueuePlan;
import io.brokerwise.model.replicatedqueue.ReplicatedQueuePlanner;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.QueueOnLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * One queue of a spec planned as a replicated queue (docs/models.md sec. 11) with the profile it plans with: what
 * {@code brokerwise plan} prints after the topic's plan, and what the operator reports in status and deploys.
 */
public record QueuePlan(ReplicatedQueuePlan plan, ServiceTimeProfile profile) {

    /** Every queue of {@code input}, in the spec's order, each with the profile of the same index. */
    public static List<QueuePlan> all(PlanningInput input, List<ServiceTimeProfile> profiles) {
        ReplicatedQueuePlanner planner = new ReplicatedQueuePlanner();
        List<QueuePlan> plans = new ArrayList<>();
        for (int i = 0; i < input.queues().size(); i++) {
            ServiceTimeProfile profile = profiles.get(i);
            plans.add(new QueuePlan(planner.plan(input.queues().get(i), profile, input.objectives(), input.limits()),
                    profile));
        }
        return List.copyOf(plans);
    }

    /**
     * Each deployed queue's busiest replica as the topics' most loaded broker carries it beside them: the queues'
     * part of the layout's load (docs/models.md sec. 12). A queue without a feasible plan is not deployed.
     */
    public static List<QueueOnLayout> onLayout(List<QueuePlan> plans) {
        List<QueueOnLayout> out = new ArrayList<>();
        for (QueuePlan p : plans) {
            ReplicatedQueuePlan plan = p.plan();
            if (plan.feasible() && plan.replica().isPresent()) {
                ReplicaLoad r = plan.replica().get();
                out.add(new QueueOnLayout(plan.queue().name(), r.arrivalRate(), r.serviceTime(),
                        r.producers() + r.consumers(), plan.queue().messageSizeBytes()));
            }
        }
        return List.copyOf(out);
    }

    /** The plans as the report has them; null without queues, so that a topic's report stays as it was. */
    public static List<QueuePlanStatus> report(List<QueuePlan> plans) {
        return plans.isEmpty() ? null : plans.stream().map(p -> PlanReports.queue(p.plan(), p.profile())).toList();
    }
}
