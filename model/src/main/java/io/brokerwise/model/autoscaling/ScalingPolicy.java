package io.brokerwise.model.autoscaling;

import java.time.Duration;

/**
 * When a layout grows and shrinks, after the control rules of Taton et al., sec. 5.1: grow when the busiest
 * broker passes {@code scaleUpUtilization} (their rule R5), shrink when it falls below
 * {@code scaleDownUtilization} and a smaller layout stays below it too (R6), and make no further change for
 * {@code inhibitionDelay} after each one, so that the load measured next is the new layout's.
 *
 * @param minBrokers           the fewest brokers a shrink leaves
 * @param maxBrokers           the most brokers a grow reaches (the platform's own limit applies too)
 * @param declaredIsFloor      whether the declared workload is the least the layout is planned for
 */
public record ScalingPolicy(int minBrokers, int maxBrokers, double scaleUpUtilization, double scaleDownUtilization,
                            Duration inhibitionDelay, boolean declaredIsFloor) {

    /** scaleDownUtilization where none is given, as a share of scaleUpUtilization. */
    public static final double DEFAULT_SCALE_DOWN_SHARE = 0.75;

    public ScalingPolicy {
        if (minBrokers < 1 || maxBrokers < minBrokers) {
            throw new IllegalArgumentException("need 1 <= minBrokers <= maxBrokers, got " + minBrokers + " and "
                    + maxBrokers);
        }
        if (!(scaleUpUtilization > 0 && scaleUpUtilization < 1)) {
            throw new IllegalArgumentException("scaleUpUtilization must be in (0, 1), got " + scaleUpUtilization);
        }
        if (!(scaleDownUtilization > 0 && scaleDownUtilization < scaleUpUtilization)) {
            throw new IllegalArgumentException("scaleDownUtilization must be in (0, scaleUpUtilization = "
                    + scaleUpUtilization + "), got " + scaleDownUtilization);
        }
        if (inhibitionDelay.isNegative()) {
            throw new IllegalArgumentException("inhibitionDelay must not be negative, got " + inhibitionDelay);
        }
    }
}
