package io.brokerwise.benchmarks.verification;

import io.brokerwise.measure.contract.BrokerCounts;
import io.brokerwise.measure.contract.Counts;
import io.brokerwise.measure.contract.LoadResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * One round of a shared layout's topics measured together ({@code verify} of spec.topics): each topic's run, and
 * the model at the mix the saturated publishers settled on.
 *
 * @param publishedPerSecond    all topics' published msgs/s
 * @param predictedUtilization  the model's utilization of the busiest broker at the measured rates: measured over
 *                              predicted capacity at that mix, since the brokers were saturated
 * @param predictedMsgsPerSecond the model's capacity at that mix and full utilization
 */
public record SharedLayoutRound(List<TopicRun> topics, double publishedPerSecond, double predictedUtilization,
                                double predictedMsgsPerSecond, boolean countsMatchBrokers, boolean valid,
                                List<String> validityProblems) {

    /** A topic's part of the round: its publishers and what they published. */
    public record TopicRun(String topic, int publishers, double publishedPerSecond, LoadResult run) {
    }

    static SharedLayoutRound of(SharedLayoutPlan plan, List<LoadResult> runs) {
        int count = runs.size();
        int[] publishers = new int[count];
        double[] published = new double[count];
        List<TopicRun> topics = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            LoadResult r = runs.get(i);
            publishers[i] = r.spec().publishers();
            published[i] = r.publishedPerSecond();
            topics.add(new TopicRun(plan.input().topics().get(i).name(), publishers[i], published[i], r));
        }
        double total = Arrays.stream(published).sum();
        double utilization = plan.utilizationAt(publishers, published);
        Counts counts = countsOfAll(runs);
        List<String> problems = new ArrayList<>(counts.problems());
        // every run reads the same brokers' CPU, and so reports the same problem with it
        runs.stream().flatMap(r -> r.validityProblems().stream()).filter(p -> !p.startsWith(Counts.PREFIX)).distinct()
                .forEach(problems::add);
        return new SharedLayoutRound(List.copyOf(topics), total, utilization, total / utilization, counts.match(),
                problems.isEmpty(), List.copyOf(problems));
    }

    /**
     * Every topic's copies against the brokers' counts of all of them. Each run compared its own topic's counts
     * with the brokers' whole, which cannot match; the brokers' counters only grow, so the run that read them last
     * (after every drain) has the counts of all topics.
     */
    private static Counts countsOfAll(List<LoadResult> runs) {
        List<BrokerCounts> last = runs.stream().map(LoadResult::brokerReported)
                .max(Comparator.comparingLong(b -> b.stream().mapToLong(c -> c.received() + c.dispatched()).sum()))
                .orElseThrow();
        return Counts.check(runs.stream().mapToLong(LoadResult::copiesSentTotal).sum(),
                runs.stream().mapToLong(LoadResult::deliveredTotal).sum(),
                runs.stream().mapToLong(LoadResult::expectedDeliveriesTotal).sum(), last);
    }
}
