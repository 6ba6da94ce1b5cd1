package io.brokerwise.benchmarks.verification;

import java.util.List;

/**
 * A reference point measured on all of a layout's brokers at once, against the profile's prediction for it.
 *
 * @param brokers     how many brokers measured it at once
 * @param speedFactor measured over predicted rate per broker: a broker's speed here and now, relative to the
 *                    calibration
 */
public record ReferencePointVerdict(int r, int mAdd, int brokers, double predictedPerBrokerMsgsPerSecond,
                                    double measuredPerBrokerMsgsPerSecond, double speedFactor, boolean valid,
                                    List<String> validityProblems) {
}
