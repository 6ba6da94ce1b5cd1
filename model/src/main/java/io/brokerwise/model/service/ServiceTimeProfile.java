package io.brokerwise.model.service;

import io.brokerwise.model.replication.ReplicationGrade;

/**
 * A broker as the planner sees it: a service-time model with fitted parameters, and where they
 * came from (a table of the dissertation, a calibration run, a user's numbers).
 */
public record ServiceTimeProfile(String name, ServiceTimeModel model, ProfileParameters parameters, String source) {

    /** This profile for messages of {@code bytes}: itself when it has no per-byte times. */
    public ServiceTimeProfile atMessageSize(double bytes) {
        ProfileParameters sized = parameters.atMessageSize(bytes);
        return sized == parameters ? this : new ServiceTimeProfile(name, model, sized, source);
    }

    /** D of eq. 5.33: the part of B that does not depend on the replication grade. */
    public double fixedSeconds(FilterSet filters) {
        return parameters.receiveSeconds()
                + model.filterWork(filters) * parameters.filterSeconds()
                + model.distinctFilterWork(filters) * parameters.distinctFilterSeconds();
    }

    /** Mean processing time of one message with a fixed replication grade (eqs. 4.9 to 4.12). */
    public double meanSeconds(FilterSet filters, double replicationGrade) {
        return serviceTime(filters, ReplicationGrade.deterministic(replicationGrade)).mean();
    }

    /** Received-message capacity at full utilization, 1/B: the figure of table 4.7. */
    public double receivedCapacity(FilterSet filters, double replicationGrade) {
        return 1 / meanSeconds(filters, replicationGrade);
    }

    /**
     * The three raw moments of {@code B = D + R t_tx + sqrt(R) t_tx_sqrt} (eqs. 5.33 to 5.35, eq. 5.34 with its
     * factor 2; the terms in t_tx_sqrt, multiplied out with {@code sqrt(R)^2 = R}, need E[R^(1/2)], E[R^(3/2)] and
     * E[R^(5/2)] too, and vanish for every model but SublinearDispatch).
     * Where the profile has a ceiling on the overall rate and the CPU model would exceed it, the
     * distribution is stretched until {@code (1 + E[R]) / E[B]} meets the ceiling: its shape is kept,
     * an approximation since none of the papers in docs/models.md models the queue behind that bottleneck.
     */
    public ServiceTime serviceTime(FilterSet filters, ReplicationGrade grade) {
        double d = fixedSeconds(filters);
        double t = parameters.dispatchSeconds();
        double s = model.chargesSublinearDispatch() ? parameters.dispatchSqrtSeconds() : 0;
        double r1 = grade.mean();
        double r2 = grade.secondMoment();
        double r3 = grade.thirdMoment();
        double[] h = s == 0 ? new double[3] : halfMoments(grade);
        ServiceTime cpu = new ServiceTime(
                d + t * r1 + s * h[0],
                d * d + 2 * d * t * r1 + t * t * r2 + s * (2 * d * h[0] + 2 * t * h[1] + s * r1),
                d * d * d + 3 * d * d * t * r1 + 3 * d * t * t * r2 + t * t * t * r3
                        + s * (3 * d * d * h[0] + 3 * d * s * r1 + 6 * d * t * h[1] + s * s * h[1] + 3 * t * t * h[2]
                        + 3 * t * s * r2));
        if (!parameters.hasCeiling()) {
            return cpu;
        }
        double ceilingMean = (1 + r1) / parameters.maxOverallRate();
        return ceilingMean > cpu.mean() ? cpu.stretchedTo(ceilingMean) : cpu;
    }

    /**
     * B when messages arrive at random rather than back to back: the saturated B stretched by the profile's
     * {@code poissonServiceFactor}, keeping its shape. Spread-out arrivals share fewer network reads and delivery
     * batches, so each message costs more; the factor is what a calibration measures, CPU time per message under
     * Poisson arrivals over that of a saturated broker. Without the factor it is {@code saturated} itself.
     */
    public ServiceTime underPoissonArrivals(ServiceTime saturated) {
        return parameters.chargesPoissonArrivals()
                ? saturated.stretchedTo(saturated.mean() * parameters.poissonServiceFactor()) : saturated;
    }

    /** E[R^(1/2)], E[R^(3/2)], E[R^(5/2)]. */
    private static double[] halfMoments(ReplicationGrade grade) {
        return new double[] {
            grade.expectation(Math::sqrt),
            grade.expectation(r -> r * Math.sqrt(r)),
            grade.expectation(r -> r * r * Math.sqrt(r))};
    }

    /**
     * Eq. 5.32: a consumer's {@code filters} filters raise the capacity only while their match
     * probability stays below {@code 1 - n t_fltr / t_tx}; at or below 0 they never pay off.
     */
    public double filterBreakEvenMatchProbability(int filters) {
        return 1 - filters * parameters.filterSeconds() / parameters.dispatchSeconds();
    }
}
