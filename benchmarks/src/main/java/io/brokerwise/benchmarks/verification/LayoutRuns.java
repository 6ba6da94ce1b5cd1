package io.brokerwise.benchmarks.verification;

import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.model.stats.SampleSummary;
import io.brokerwise.model.stats.ToleranceVerdict;
import io.brokerwise.model.topology.LayoutEvaluation;
import java.util.ArrayList;
import java.util.List;

/**
 * One layout's repeated saturated runs in {@code verify}, one per round (with the round's reference point, and
 * the planned layout's latency runs), and their verdict against the prediction. A single run on a shared machine
 * is a coin toss (the same layout measured 10,130 and 16,851 msgs/s minutes apart, RESULTS.md), so the verdict
 * judges the 95% interval of measured over predicted capacity against the tolerance, as Mupparaju, "Performance
 * Evaluation and Comparison of Distributed Messaging Using Message Oriented Middleware", sec. 5.8, judges its runs.
 *
 * The prediction is the layout's capacity at full utilization (capacity / maxUtilization), msgs/s.
 */
public final class LayoutRuns {

    private final LayoutEvaluation evaluation;
    private final boolean planned;
    private final double predicted;
    private final List<LayoutRound> rounds = new ArrayList<>();
    private final List<LoadResult> references = new ArrayList<>();
    private List<LatencyAtLoad> latency = List.of();

    LayoutRuns(LayoutEvaluation evaluation, boolean planned, double predicted) {
        this.evaluation = evaluation;
        this.planned = planned;
        this.predicted = predicted;
    }

    LayoutEvaluation evaluation() {
        return evaluation;
    }

    boolean planned() {
        return planned;
    }

    double predicted() {
        return predicted;
    }

    /** A round's saturated measurement. */
    void add(LayoutRound round) {
        rounds.add(round);
    }

    /** A reference point measured after this layout or one of its cells. */
    void addReference(LoadResult reference) {
        references.add(reference);
    }

    /** Published msgs/s of each round, in order. */
    double[] capacities() {
        return rounds.stream().mapToDouble(LayoutRound::publishedPerSecond).toArray();
    }

    double meanCapacity() {
        return rounds.stream().mapToDouble(LayoutRound::publishedPerSecond).average().orElseThrow();
    }

    /** The reference points, in the order measured. */
    List<LoadResult> references() {
        return List.copyOf(references);
    }

    /** The planned layout's latency runs, measured in the last round. */
    void setLatency(List<LatencyAtLoad> rows) {
        latency = List.copyOf(rows);
    }

    List<LatencyAtLoad> latency() {
        return latency;
    }

    /**
     * The layout's capacity: measured (mean and interval), its error against the prediction, and the verdict on
     * measured over predicted within 1 +- {@code tolerance}.
     */
    CapacityVerdict judge(double tolerance) {
        SampleSummary measured = SampleSummary.of(capacities());
        ToleranceVerdict verdict = ToleranceVerdict.judge(SampleSummary.of(rounds.stream()
                .mapToDouble(r -> r.publishedPerSecond() / predicted).toArray()), 1 - tolerance, 1 + tolerance);
        long notValid = rounds.stream().filter(r -> !r.valid()).count();
        return new CapacityVerdict(predicted, measured.mean(), measured, (measured.mean() - predicted) / predicted,
                verdict.sample(), tolerance, verdict.text(), notValid == 0, notValid, List.copyOf(rounds));
    }
}
