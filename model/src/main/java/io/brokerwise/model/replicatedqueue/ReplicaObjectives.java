package io.brokerwise.model.replicatedqueue;

import io.brokerwise.model.topology.Format;
import io.brokerwise.model.topology.Objectives;
import java.util.Locale;

/**
 * What a replica must meet, from a topology's objectives: the utilization cap and, when bounded, the waiting-time
 * quantile, as the topic's brokers do. The other objectives (network, end-to-end latency, recovery) and the
 * connection limit are not applied to queues (docs/models.md sec. 11).
 */
record ReplicaObjectives(Objectives objectives) {

    /** Why the replica breaks the objectives, or null when it meets them. */
    String violation(ReplicaLoad load) {
        if (load.utilization() > objectives.maxUtilization()) {
            return String.format(Locale.ROOT, "utilization %.3f exceeds the cap %.3f", load.utilization(), objectives.maxUtilization());
        }
        if (objectives.boundsWaitingTime() && !(load.waitingQuantile() <= objectives.maxWaitingSeconds())) {
            return Format.percent(objectives.waitingQuantile()) + " waiting-time quantile "
                    + Format.seconds(load.waitingQuantile()) + " exceeds " + Format.seconds(objectives.maxWaitingSeconds());
        }
        return null;
    }

    boolean met(ReplicaLoad load) {
        return violation(load) == null;
    }

    double quantileLevel() {
        return objectives.waitingQuantile();
    }
}
