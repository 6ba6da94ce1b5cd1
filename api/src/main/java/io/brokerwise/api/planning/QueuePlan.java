package io.brokerwise.api.planning;

import io.brokerwise.api.v1alpha1.QueuePlanStatus;
import io.brokerwise.model.replicatedqueue.ReplicatedQueuePlan;
import io.brokerwise.model.replicatedqueue.ReplicatedQueuePlanner;
import io.brokerwise.model.service.ServiceTimeProfile;
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

    /** The plans as the report has them; null without queues, so that a topic's report stays as it was. */
    public static List<QueuePlanStatus> report(List<QueuePlan> plans) {
        return plans.isEmpty() ? null : plans.stream().map(p -> PlanReports.queue(p.plan(), p.profile())).toList();
    }
}
