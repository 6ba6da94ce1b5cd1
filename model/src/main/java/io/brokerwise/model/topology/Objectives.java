package io.brokerwise.model.topology;

/**
 * What every broker must meet: a utilization cap (eq. 5.31's rho), a cap on the share of its network capacity
 * it uses, and optional bounds on the waiting-time quantile, on the end-to-end quantile at the same level
 * (the profile's latency floor plus the waiting time) and on the time the busiest broker's column needs to
 * re-register after a restart. {@code waitingQuantile} is also the level plans report when there is no bound.
 * An absent bound is infinite.
 */
public record Objectives(double maxUtilization, double waitingQuantile, double maxWaitingSeconds,
                         double maxNetworkUtilization, double maxEndToEndSeconds, double maxRecoverySeconds) {

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
        if (!(maxEndToEndSeconds > 0)) {
            throw new IllegalArgumentException("max end-to-end latency must be positive, got " + maxEndToEndSeconds);
        }
        if (!(maxRecoverySeconds > 0)) {
            throw new IllegalArgumentException("max recovery time must be positive, got " + maxRecoverySeconds);
        }
    }

    /** CPU, network and waiting-time objectives, no bound on end-to-end latency or recovery. */
    public Objectives(double maxUtilization, double waitingQuantile, double maxWaitingSeconds,
                      double maxNetworkUtilization) {
        this(maxUtilization, waitingQuantile, maxWaitingSeconds, maxNetworkUtilization, Double.POSITIVE_INFINITY,
                Double.POSITIVE_INFINITY);
    }

    /** CPU and waiting-time objectives; the network cap is the default, the same as the CPU's. */
    public Objectives(double maxUtilization, double waitingQuantile, double maxWaitingSeconds) {
        this(maxUtilization, waitingQuantile, maxWaitingSeconds, DEFAULT_UTILIZATION);
    }

    public static Objectives utilization(double maxUtilization) {
        return new Objectives(maxUtilization, DEFAULT_QUANTILE, Double.POSITIVE_INFINITY);
    }

    /** The same objectives with another utilization cap, as the scaling rules plan with. */
    public Objectives withMaxUtilization(double cap) {
        return new Objectives(cap, waitingQuantile, maxWaitingSeconds, maxNetworkUtilization, maxEndToEndSeconds,
                maxRecoverySeconds);
    }

    /** These objectives with a bound on the end-to-end quantile, at the waiting-time quantile's level. */
    public Objectives withMaxEndToEndSeconds(double seconds) {
        return new Objectives(maxUtilization, waitingQuantile, maxWaitingSeconds, maxNetworkUtilization, seconds,
                maxRecoverySeconds);
    }

    /** These objectives with a bound on the busiest broker's re-registration time. */
    public Objectives withMaxRecoverySeconds(double seconds) {
        return new Objectives(maxUtilization, waitingQuantile, maxWaitingSeconds, maxNetworkUtilization,
                maxEndToEndSeconds, seconds);
    }

    public boolean boundsWaitingTime() {
        return maxWaitingSeconds != Double.POSITIVE_INFINITY;
    }

    public boolean boundsEndToEnd() {
        return maxEndToEndSeconds != Double.POSITIVE_INFINITY;
    }

    public boolean boundsRecovery() {
        return maxRecoverySeconds != Double.POSITIVE_INFINITY;
    }
}
