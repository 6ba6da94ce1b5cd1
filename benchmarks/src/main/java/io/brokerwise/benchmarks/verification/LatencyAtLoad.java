package io.brokerwise.benchmarks.verification;

import io.brokerwise.measure.contract.LatencyPercentiles;
import java.util.List;

/**
 * One Poisson run of the planned layout at a fraction of its measured capacity: the measured end-to-end latency
 * beside the Gamma-approximation's waiting time at that utilization, in microseconds.
 *
 * @param utilization                                    the load, as a fraction of the measured capacity
 * @param predictedServiceMeanMicros                     the profile's mean service time of the busiest broker
 * @param measuredServiceMeanMicros                      the mean service time the measured capacity implies
 * @param predictedWaitingP99MicrosAtMeasuredServiceTime the predicted p99 waiting time scaled to that service time
 * @param predictedEndToEndP99Micros                     the profile's latency floor plus the predicted p99 waiting
 *                                                       time; infinite where the broker's queue under Poisson
 *                                                       arrivals would be overloaded
 * @param predictedEndToEndP99MicrosAtMeasuredServiceTime the floor plus the p99 waiting time at the measured one
 */
public record LatencyAtLoad(double utilization, double offeredMsgsPerSecond, LatencyPercentiles measuredLatencyMicros,
                            double predictedWaitingP50Micros, double predictedWaitingP99Micros,
                            double predictedServiceMeanMicros, double measuredServiceMeanMicros,
                            double predictedWaitingP99MicrosAtMeasuredServiceTime, double predictedEndToEndP99Micros,
                            double predictedEndToEndP99MicrosAtMeasuredServiceTime, boolean valid,
                            List<String> validityProblems) {
}
