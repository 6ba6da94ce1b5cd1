package io.brokerwise.benchmarks.verification;

import io.brokerwise.model.stats.SampleSummary;
import io.brokerwise.model.stats.ToleranceVerdict;
import io.brokerwise.model.topology.Topic;
import java.io.PrintStream;
import java.util.List;

/**
 * A shared layout's rounds against the model ({@code verify} of spec.topics): measured over predicted capacity at
 * each round's mix, its mean and 95% interval, and the verdict on it within 1 +- {@code tolerance}, as
 * {@link LayoutRuns#judge} judges one topic's layout.
 *
 * @param predictedAtSpecMix the plan's capacity at the spec's mix and full utilization, msgs/s
 */
public record SharedLayoutVerdict(String layout, List<String> topics, double predictedAtSpecMix,
                                  SampleSummary measuredOverPredicted, double tolerance, String verdict,
                                  boolean valid, List<SharedLayoutRound> results, String note) {

    /** What a reader of the JSON needs to know of the runs inside each round. */
    static final String NOTE = "each topic's run compares its own topic's counts with the brokers' counts of all "
            + "topics, which cannot match; a round's countsMatchBrokers compares all topics' counts with the brokers'";

    public static SharedLayoutVerdict judge(SharedLayoutPlan plan, List<SharedLayoutRound> rounds, double tolerance) {
        SampleSummary ratios = SampleSummary.of(rounds.stream().mapToDouble(SharedLayoutRound::predictedUtilization)
                .toArray());
        ToleranceVerdict verdict = ToleranceVerdict.judge(ratios, 1 - tolerance, 1 + tolerance);
        return new SharedLayoutVerdict(plan.layout().toString(), plan.input().topics().stream()
                .map(Topic::name).toList(), plan.predictedAtSpecMix(), verdict.sample(), tolerance, verdict.text(),
                rounds.stream().allMatch(SharedLayoutRound::valid), List.copyOf(rounds), NOTE);
    }

    /** One line a round, each topic's measured msgs/s, then the verdict, on the progress stream. */
    public void print(PrintStream out) {
        out.printf("loadgen: %s, %s together; the plan's capacity at the spec's mix %,.0f msgs/s%n", layout,
                String.join(", ", topics), predictedAtSpecMix);
        for (SharedLayoutRound r : results) {
            StringBuilder mix = new StringBuilder();
            for (SharedLayoutRound.TopicRun t : r.topics()) {
                mix.append(String.format("%s %,.0f  ", t.topic(), t.publishedPerSecond()));
            }
            out.printf("loadgen: %smeasured %,.0f msgs/s, predicted at this mix %,.0f: error %+.1f%%, valid %s%n", mix,
                    r.publishedPerSecond(), r.predictedMsgsPerSecond(), 100 * (r.predictedUtilization() - 1),
                    r.valid());
        }
        out.printf("loadgen: measured over predicted %.3f (%.3f to %.3f): %s%n", measuredOverPredicted.mean(),
                measuredOverPredicted.lower(), measuredOverPredicted.upper(), verdict);
    }
}
