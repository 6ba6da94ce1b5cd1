package io.brokerwise.benchmarks.measurement;

import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.PublishingPath;
import io.brokerwise.model.stats.SampleSummary;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * Publishing paths measured in turn on the same brokers: each path's published rate and the load generator's CPU
 * per published message (mean and 95% interval over the rounds), and its rate against the first path's measured
 * next to it in the same round (the ratios' mean and interval: paired, so a machine that drifts between rounds
 * does not widen it). The CPU per message shows a path's cost even when the brokers, not the generator, set the rate.
 */
public record PathComparison(Map<PublishingPath, List<LoadResult>> byPath) {

    public void print(PrintStream out) {
        PublishingPath first = byPath.keySet().iterator().next();
        byPath.forEach((path, results) -> out.printf(
                "loadgen: through %-7s published %s msgs/s, generator CPU %s us per message, %d rounds, "
                        + "rate against %s's in the same round %s%n", path, rate(path), cpuMicrosPerMessage(results),
                results.size(), first, pairedRatio(path, first)));
    }

    private SampleSummary rate(PublishingPath path) {
        return SampleSummary.of(byPath.get(path).stream().mapToDouble(LoadResult::publishedPerSecond).toArray());
    }

    private SampleSummary pairedRatio(PublishingPath path, PublishingPath base) {
        List<LoadResult> these = byPath.get(path);
        List<LoadResult> bases = byPath.get(base);
        return SampleSummary.of(java.util.stream.IntStream.range(0, these.size())
                .mapToDouble(i -> these.get(i).publishedPerSecond() / bases.get(i).publishedPerSecond()).toArray());
    }

    private static SampleSummary cpuMicrosPerMessage(List<LoadResult> results) {
        return SampleSummary.of(results.stream()
                .mapToDouble(r -> 1e6 * r.clientCpuUtilization() * r.clientCpuCores() / r.publishedPerSecond())
                .toArray());
    }
}
