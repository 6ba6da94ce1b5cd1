package io.brokerwise.model.topology;

/**
 * One topic of a topology that carries several on one layout: its name, its workload, and its own bound on the
 * waiting-time quantile at the objectives' level ({@code +Infinity}: only the objectives' bound).
 */
public record Topic(String name, Workload workload, double maxWaitingSeconds) {

    public Topic {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a topic needs a name");
        }
        if (workload == null) {
            throw new IllegalArgumentException("topic " + name + " needs a workload");
        }
        if (!(maxWaitingSeconds > 0)) {
            throw new IllegalArgumentException("topic " + name + ": max waiting time must be positive, got "
                    + maxWaitingSeconds);
        }
    }

    /** A topic bound only by the objectives. */
    public static Topic of(String name, Workload workload) {
        return new Topic(name, workload, Double.POSITIVE_INFINITY);
    }

    public boolean boundsWaitingTime() {
        return maxWaitingSeconds != Double.POSITIVE_INFINITY;
    }
}
