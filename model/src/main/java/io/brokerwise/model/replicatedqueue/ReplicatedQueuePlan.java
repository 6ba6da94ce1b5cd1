package io.brokerwise.model.replicatedqueue;

import java.util.List;
import java.util.Optional;

/**
 * The plan of one queue: how many replicas, and the busiest one's figures; or why none is deployed.
 *
 * @param replica the busiest replica of the plan; when nothing is feasible, that of the most replicas weighed, and
 *                empty when the consumers alone rule the queue out (none, or too slow at any k)
 * @param reason  why this k, or what to change
 * @param notes   what the figures charge and leave out, citing docs/models.md
 */
public record ReplicatedQueuePlan(QueueWorkload queue, boolean feasible, Optional<ReplicaLoad> replica, String reason,
                                  List<String> notes) {

    /** Replicas to deploy: k, or 0 when the plan is infeasible. */
    public int replicas() {
        return feasible ? replica.orElseThrow().replicas() : 0;
    }
}
