package io.brokerwise.benchmarks.command;

import io.brokerwise.benchmarks.local.LocalFleet;
import io.brokerwise.benchmarks.measurement.ArtemisPerf;
import io.brokerwise.benchmarks.measurement.ArtemisPerfRun;
import io.brokerwise.benchmarks.measurement.BaselineResult;
import io.brokerwise.benchmarks.report.JsonResult;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.topology.Layout;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code brokerwise-bench baseline}: Artemis's own {@code artemis perf client}, then this load generator,
 * then {@code artemis perf} again, all against one local broker under one CPU quota and with no selectors.
 * If the load generator reaches what Artemis's tool reaches, the broker, not the generator, sets the
 * figures the other commands measure.
 */
@Command(name = "baseline", mixinStandardHelpOptions = true,
        description = "Compare this load generator with `artemis perf client` on the same broker, no selectors.")
final class BaselineCommand implements Callable<Integer> {

    @Mixin
    BrokerOptions brokers = new BrokerOptions();
    @Option(names = "--artemis-classpath", required = true,
            description = "class path of artemis-cli (the brokerwise-bench script resolves it)")
    String artemisClasspath;
    @Option(names = "--subscribers", defaultValue = "1", description = "subscribers, each receiving every message")
    int subscribers;
    @Option(names = "--message-bytes", defaultValue = "100")
    int messageBytes;
    @Option(names = "--max-pending", defaultValue = "1000", description = "artemis perf: sends in flight per producer")
    int maxPending;
    @Option(names = "--warmup", defaultValue = "30", description = "seconds, each run")
    int warmupSeconds;
    @Option(names = "--measure", defaultValue = "30", description = "seconds, each run")
    int measureSeconds;
    @Option(names = "--out", description = "write the JSON result here as well")
    Path out;

    @Override
    public Integer call() throws Exception {
        Path work = brokers.workDir("brokerwise-baseline");
        // The same measurement as `run --filter-shape none`: every subscriber gets every message.
        LoadSpec load = brokers.load().saturated(1, new SelectorDesign(subscribers, 0, SelectorDesign.Kind.property,
                SelectorDesign.Shape.none, 1), messageBytes, Duration.ofSeconds(warmupSeconds),
                Duration.ofSeconds(measureSeconds), Duration.ofSeconds(1));
        ArtemisPerf artemisPerf = new ArtemisPerf(artemisClasspath, maxPending, load.durableSubscriptions());
        BaselineResult result;
        try (LocalFleet fleet = LocalFleet.start(1, brokers.node(), brokers.load().journal(), work, System.err)) {
            List<ArtemisPerfRun> perf = new ArrayList<>();
            perf.add(artemisPerf(artemisPerf, load, fleet, work.resolve("artemis-perf-1.json")));
            System.err.println("loadgen: brokerwise-bench, no selectors");
            LoadResult ours = fleet.measure(load, new Layout(1, 1));
            perf.add(artemisPerf(artemisPerf, load, fleet, work.resolve("artemis-perf-2.json")));
            result = BaselineResult.of(perf, ours);
        }
        System.err.printf("loadgen: artemis perf %,.0f and %,.0f msgs/s, brokerwise-bench %,.0f msgs/s: %.1f%% of the "
                + "better%n", result.artemisPerf().get(0).publishedPerSecond(),
                result.artemisPerf().get(1).publishedPerSecond(), result.loadGenerator().publishedPerSecond(),
                100 * result.ratioToBestArtemisPerf());
        JsonResult.emit(result, out);
        return 0;
    }

    private static ArtemisPerfRun artemisPerf(ArtemisPerf artemisPerf, LoadSpec load, LocalFleet fleet, Path report)
            throws Exception {
        System.err.println("loadgen: artemis perf client, no selectors");
        return artemisPerf.run(load, fleet, report);
    }
}
