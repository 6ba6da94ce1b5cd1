package io.brokerwise.model.topology;

/**
 * What every broker must meet: a utilization cap (eq. 5.31's rho), optionally a bound on a waiting-time
 * quantile, and a cap on the share of its network capacity it uses. {@code waitingQuantile} is also the
 * level plans report when there is no bound.
 */
public record Objectives(double maxUtilization, double waitingQuantile, double maxWaitingSeconds,
                         double maxNetworkUtilization) {

    public static final double DEFAULT_UTILIZATION = 0.9;
    public static final double DEFAULT_QUANTILE = 0.99;

    public Objectives {
        if (!(maxUtilization > 0 && maxUtilization < 1)) {
            throw new IllegalArgumentException("max utilization must be in (0, 1), got " + maxUtilization);
        }
        if (!(waitingQuantile > 0 && waitingQuantile < 1)) {
            throw new IllegalArgumentException("waiting-time quantile must be in (0, 1), got " + waitingQuantile);
        }
        if (!(maxWaitingSeconds > 0)) {
            throw new IllegalArgumentException("max waiting time must be positive, got " + maxWaitingSeconds);
        }
        if (!(maxNetworkUtilization > 0 && maxNetworkUtilization <= 1)) {
            throw new IllegalArgumentException("max network utilization must be in (0, 1], got " + maxNetworkUtilization);
        }
    }

    /** CPU and waiting-time objectives; the network cap is the default, the same as the CPU's. */
    public Objectives(double maxUtilization, double waitingQuantile, double maxWaitingSeconds) {
        this(maxUtilization, waitingQuantile, maxWaitingSeconds, DEFAULT_UTILIZATION);
    }

    public static Objectives utilization(double maxUtilization) {
        return new Objectives(maxUtilization, DEFAULT_QUANTILE, Double.POSITIVE_INFINITY);
    }

    public boolean boundsWaitingTime() {
        return maxWaitingSeconds != Double.POSITIVE_INFINITY;
    }
}
