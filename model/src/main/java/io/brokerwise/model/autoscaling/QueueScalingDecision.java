package io.brokerwise.model.autoscaling;

import io.brokerwise.model.autoscaling.ScalingDecision.Action;
import io.brokerwise.model.replicatedqueue.ReplicaLoad;
import java.time.Instant;
import java.util.Optional;

/**
 * What the provisioning rules decided for one replicated queue on one observation, and why.
 *
 * @param from           the replicas the queue runs on
 * @param to             the replicas proposed: {@code from} when nothing is proposed
 * @param current        the model's figures for the busiest of {@code from} replicas under the observed load
 * @param inhibitedUntil no change before this instant; after a change, the change plus the inhibition delay
 */
public record QueueScalingDecision(String queue, Action action, String reason, String message, int from, int to,
                                   ReplicaLoad current, Instant at, Optional<Instant> inhibitedUntil) {

    public boolean changes() {
        return action != Action.HOLD;
    }
}
