package io.brokerwise.benchmarks.command;

import io.brokerwise.benchmarks.local.LocalFleet;
import io.brokerwise.benchmarks.measurement.LatencyTerms;
import io.brokerwise.benchmarks.report.JsonResult;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.Durations;
import io.brokerwise.model.topology.Layout;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code brokerwise-bench latency-terms}: a profile's latency floor and Poisson-arrivals factor on one local broker
 * (docs/models.md sec. 3): a saturated run gives the broker's CPU per message and its capacity, a Poisson run at
 * {@code --low-load} of that capacity the floor (its end-to-end p99), a Poisson run at {@code --poisson-load} the CPU
 * per message under random arrivals, whose ratio to the saturated one is the factor.
 */
@Command(name = "latency-terms", mixinStandardHelpOptions = true,
        description = "Measure a profile's latencyFloorSeconds and poissonServiceFactor on one local broker.")
final class LatencyTermsCommand implements Callable<Integer> {

    @Mixin
    BrokerOptions brokers = new BrokerOptions();
    @Option(names = "--r", defaultValue = "1", description = "subscribers matching every message")
    int r;
    @Option(names = "--m-add", defaultValue = "20", description = "subscribers matching none")
    int mAdd;
    @Option(names = "--components", defaultValue = "1",
            description = "components of every filter: 1 a simple selector, more a filter of --filter-shape")
    int components;
    @Option(names = "--filter-shape", defaultValue = "or",
            description = "how the components of a longer filter combine: or, and, in (default: ${DEFAULT-VALUE})")
    SelectorDesign.Shape filterShape;
    @Option(names = "--message-bytes", defaultValue = "100")
    int messageBytes;
    @Option(names = "--low-load", defaultValue = "0.05",
            description = "the floor's Poisson load, a fraction of the saturated capacity where nothing queues")
    double lowLoad;
    @Option(names = "--poisson-load", defaultValue = "0.5",
            description = "the Poisson load whose CPU per message gives the factor, a fraction of the capacity")
    double poissonLoad;
    @Option(names = "--warmup", defaultValue = "5s", description = "each run")
    String warmup;
    @Option(names = "--measure", defaultValue = "10s", description = "each run")
    String measure;
    @Option(names = "--out", description = "write the JSON result here as well")
    Path out;

    @Override
    public Integer call() throws Exception {
        requireFraction("--low-load", lowLoad);
        requireFraction("--poisson-load", poissonLoad);
        if (!(brokers.brokerCores > 0)) {
            throw new IllegalArgumentException("--broker-cores must be above 0: CPU per message is a share of a limit");
        }
        SelectorDesign design = SelectorDesign.calibration(r, mAdd, filterShape, components);
        LoadSpec saturated = brokers.load().saturated(1, design, messageBytes, Durations.parse(warmup),
                Durations.parse(measure), Duration.ofSeconds(1));
        Layout one = new Layout(1, 1);
        LatencyTerms terms;
        try (LocalFleet fleet = LocalFleet.start(1, brokers.node(), saturated.persistent(),
                brokers.workDir("brokerwise-latency-terms"), System.err)) {
            System.err.println("loadgen: saturated, for the capacity and the CPU per message");
            LoadResult full = fleet.measure(saturated, one);
            double capacity = full.receivedPerSecond();
            System.err.printf("loadgen: Poisson at %.0f%% of %,.0f msgs/s, for the floor%n", 100 * lowLoad, capacity);
            LoadResult low = fleet.measure(saturated.poissonAt(lowLoad * capacity / saturated.publishers()), one);
            System.err.printf("loadgen: Poisson at %.0f%%, for the CPU per message%n", 100 * poissonLoad);
            LoadResult poisson = fleet.measure(saturated.poissonAt(poissonLoad * capacity / saturated.publishers()), one);
            terms = LatencyTerms.of(full, low, poisson, brokers.brokerCores);
        }
        System.err.printf("loadgen: latencyFloorSeconds %.3g (p99 at %.0f%%), poissonServiceFactor %.3f (%.3g s per "
                        + "message at %.0f%% over %.3g saturated)%s%n", terms.latencyFloorSeconds(), 100 * lowLoad,
                terms.poissonServiceFactor(), terms.poissonSecondsPerMessage(), 100 * poissonLoad,
                terms.saturatedSecondsPerMessage(), terms.valid() ? "" : "; NOT VALID: see validityProblems");
        JsonResult.emit(terms, out);
        return 0;
    }

    static void requireFraction(String option, double x) {
        if (!(x > 0 && x < 1)) {
            throw new IllegalArgumentException(option + " must be a fraction of the capacity in (0, 1), got " + x);
        }
    }
}
