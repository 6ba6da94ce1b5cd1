package io.brokerwise.benchmarks.verification;

import io.brokerwise.model.stats.SampleSummary;
import io.brokerwise.model.stats.WelchComparison;
import java.util.stream.IntStream;

/**
 * An alternative against the planned layout: its capacity over the planned layout's measured in the same round
 * (paired, so drift between rounds cancels), with its interval, beside the predicted ratio; and whether either
 * beats the other on capacity (Welch's t-test, claimed only at p < 0.05). The planner chooses by such ratios.
 *
 * @param ratioError           of the measured ratio's mean against the predicted ratio
 * @param againstPlanned       Welch's verdict, such as "no significant difference ..."
 */
public record AgainstPlanned(double predictedOverPlanned, double measuredOverPlanned,
                             SampleSummary measuredOverPlannedInterval, double ratioError, String againstPlanned,
                             double againstPlannedPValue) {

    public static AgainstPlanned of(LayoutRuns alternative, LayoutRuns planned) {
        double predicted = alternative.predicted() / planned.predicted();
        double[] a = alternative.capacities();
        double[] p = planned.capacities();
        SampleSummary measured = SampleSummary.of(IntStream.range(0, a.length).mapToDouble(j -> a[j] / p[j]).toArray());
        WelchComparison welch = WelchComparison.of(a, p);
        return new AgainstPlanned(predicted, measured.mean(), measured, (measured.mean() - predicted) / predicted,
                welch.verdict(alternative.evaluation().layout().toString(), "planned " + planned.evaluation().layout()),
                welch.pValue());
    }
}
