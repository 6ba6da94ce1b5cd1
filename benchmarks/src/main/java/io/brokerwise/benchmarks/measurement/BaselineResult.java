package io.brokerwise.benchmarks.measurement;

import io.brokerwise.measure.contract.LoadResult;
import java.util.List;

/**
 * {@code brokerwise-bench baseline}'s result: artemis perf before and after the load generator on the same broker.
 *
 * @param ratioToBestArtemisPerf the load generator's published rate over the better artemis perf run's
 */
public record BaselineResult(List<ArtemisPerfRun> artemisPerf, LoadResult loadGenerator,
                             double ratioToBestArtemisPerf) {

    public static BaselineResult of(List<ArtemisPerfRun> artemisPerf, LoadResult loadGenerator) {
        double best = artemisPerf.stream().mapToDouble(ArtemisPerfRun::publishedPerSecond).max().orElseThrow();
        return new BaselineResult(List.copyOf(artemisPerf), loadGenerator, loadGenerator.publishedPerSecond() / best);
    }
}
