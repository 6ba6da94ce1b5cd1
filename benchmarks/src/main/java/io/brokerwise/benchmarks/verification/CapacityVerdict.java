package io.brokerwise.benchmarks.verification;

import io.brokerwise.model.stats.SampleSummary;
import java.util.List;

/**
 * A layout's saturated runs against its predicted capacity at full utilization.
 *
 * @param measured              the runs' published msgs/s: mean and 95% interval
 * @param relativeError         of the mean against the prediction
 * @param measuredOverPredicted each run's ratio to the prediction: mean and 95% interval
 * @param tolerance             the relative error that counts as a match
 * @param verdict               "within tolerance" (the whole interval within 1 +- tolerance), "outside tolerance"
 *                              (none of it) or "inconclusive: n more runs would settle it"
 * @param valid                 whether every run kept the validity rule
 * @param notValidRuns          how many rounds had a run that did not
 * @param results               each round's measurement and its runs
 */
public record CapacityVerdict(double predictedSaturatedMsgsPerSecond, double measuredMsgsPerSecond,
                              SampleSummary measured, double relativeError, SampleSummary measuredOverPredicted,
                              double tolerance, String verdict, boolean valid, long notValidRuns,
                              List<LayoutRound> results) {
}
