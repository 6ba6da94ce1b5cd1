package io.brokerwise.benchmarks.verification;

import io.brokerwise.measure.LoadResult;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.stats.SampleSummary;
import io.brokerwise.model.stats.ToleranceVerdict;
import io.brokerwise.model.topology.LayoutEvaluation;
import io.brokerwise.model.topology.Plan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One layout's repeated saturated runs in {@code verify}, one per round, and their verdict against the
 * prediction. A single run on a shared machine is a coin toss (the same layout measured 10,130 and 16,851
 * msgs/s minutes apart, RESULTS.md), so the verdict judges the 95% interval of measured over predicted
 * capacity against the tolerance, as Mupparaju, "Performance Evaluation and Comparison of Distributed
 * Messaging Using Message Oriented Middleware", sec. 5.8, judges its runs.
 *
 * The prediction is the layout's capacity at full utilization (capacity / maxUtilization), msgs/s.
 */
public final class LayoutRuns {

    private final LayoutEvaluation evaluation;
    private final boolean planned;
    private final double predicted;
    private final List<LoadResult> results = new ArrayList<>();
    private final List<LoadResult> references = new ArrayList<>();

    public LayoutRuns(LayoutEvaluation evaluation, boolean planned, double predicted) {
        this.evaluation = evaluation;
        this.planned = planned;
        this.predicted = predicted;
    }

    public LayoutEvaluation evaluation() {
        return evaluation;
    }

    public boolean planned() {
        return planned;
    }

    public double predicted() {
        return predicted;
    }

    /** A round's saturated run, and its reference point when verify measures one. */
    public void add(LoadResult result) {
        results.add(result);
    }

    public void addReference(LoadResult reference) {
        references.add(reference);
    }

    /** Published msgs/s of each round, in order. */
    public double[] capacities() {
        return results.stream().mapToDouble(LoadResult::publishedPerSecond).toArray();
    }

    public double meanCapacity() {
        return results.stream().mapToDouble(LoadResult::publishedPerSecond).average().orElseThrow();
    }

    /**
     * The layout's figures: measured capacity (mean and interval), its error against the prediction with the
     * interval of that error, and the verdict ("within tolerance", "outside tolerance" or "inconclusive: n
     * more runs would settle it") on measured over predicted within 1 +- {@code tolerance}.
     */
    public Map<String, Object> verdict(Plan plan, double tolerance) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("layout", evaluation.layout().toString());
        v.put("planned", planned);
        plan.alternatives().stream().filter(a -> a.evaluation().layout().equals(evaluation.layout())).findFirst()
                .ifPresent(a -> v.put("rejectedBecause", a.reason()));
        v.put("predictedSaturatedMsgsPerSecond", predicted);
        SampleSummary measured = SampleSummary.of(capacities());
        v.put("measuredMsgsPerSecond", measured.mean());
        v.put("measured", measured);
        v.put("relativeError", (measured.mean() - predicted) / predicted);
        ToleranceVerdict verdict = ToleranceVerdict.judge(SampleSummary.of(results.stream()
                .mapToDouble(r -> r.publishedPerSecond() / predicted).toArray()), 1 - tolerance, 1 + tolerance);
        v.put("measuredOverPredicted", verdict.sample());
        v.put("tolerance", tolerance);
        v.put("verdict", verdict.text());
        long notValid = results.stream().filter(r -> !r.valid()).count();
        v.put("valid", notValid == 0);
        v.put("notValidRuns", notValid);
        v.put("results", results);
        return v;
    }

    /**
     * Each round's reference point and the prediction rescaled by the mean of the valid rounds' speed factors.
     * Rounds whose reference point is not valid (its brokers not at their quota, or the client short of CPU)
     * give no factor.
     */
    public void atMeasuredSpeed(Map<String, Object> verdict, ReferencePoint point, ServiceTimeProfile profile) {
        verdict.put("referencePoints", references.stream().map(r -> point.verdict(profile, r)).toList());
        Optional<Double> speed = references.stream().filter(LoadResult::valid)
                .map(r -> point.speedFactor(profile, r)).reduce(Double::sum)
                .map(sum -> sum / references.stream().filter(LoadResult::valid).count());
        speed.ifPresent(s -> {
            verdict.put("speedFactor", s);
            verdict.put("predictedAtMeasuredSpeedMsgsPerSecond", predicted * s);
            verdict.put("relativeErrorAtMeasuredSpeed", (meanCapacity() - predicted * s) / (predicted * s));
        });
    }
}
