package io.brokerwise.benchmarks.command;

import io.brokerwise.benchmarks.local.LocalFleet;
import io.brokerwise.benchmarks.measurement.RegistrationTimes;
import io.brokerwise.benchmarks.measurement.RegistrationTimes.Unmeasured;
import io.brokerwise.benchmarks.report.JsonResult;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.measure.SubscriptionRegistration;
import io.brokerwise.measure.SubscriptionRegistration.Timing;
import io.brokerwise.model.Durations;
import io.brokerwise.model.topology.Layout;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code brokerwise-bench registration}: how long one local broker takes to register N selector subscriptions of
 * the client library, one after another as a restarted broker's column registers them again, idle and while the
 * broker carries Poisson load; the time per registration fitted to each is what a profile's
 * {@code registrationSeconds} takes (docs/models.md sec. 7). The selectors match nothing, so they add filter work
 * and no copies; but every message is evaluated against them, so once all N are in, the broker carries more than
 * before. The load is therefore {@code --load} of the capacity with them in place, measured saturated with the N
 * among its filters: a workload whose brokers run at that utilization, whose broker restarted.
 */
@Command(name = "registration", mixinStandardHelpOptions = true,
        description = "Time the registration of N selector subscriptions on one local broker, idle and under load.")
final class RegistrationCommand implements Callable<Integer> {

    /**
     * How long after the load's warm-up the registrations start: past the second the load waits before it starts,
     * and its own few subscriptions, so they fall inside its measurement window.
     */
    private static final Duration SETTLE = Duration.ofSeconds(2);
    private static final int CAPACITY_WINDOW_SECONDS = 15;
    private static final Layout ONE = new Layout(1, 1);

    @Mixin
    BrokerOptions brokers = new BrokerOptions();
    @Option(names = "--subscriptions", split = ",", defaultValue = "100,1000",
            description = "counts of subscriptions, each registered and timed apart")
    int[] counts;
    @Option(names = "--load", defaultValue = "0.5",
            description = "the load while registering, a fraction of the saturated capacity; 0 measures idle only")
    double load;
    @Option(names = "--r", defaultValue = "1", description = "the load's subscribers matching every message")
    int r;
    @Option(names = "--m-add", defaultValue = "20", description = "the load's subscribers matching none")
    int mAdd;
    @Option(names = "--warmup", defaultValue = "5s", description = "each load run")
    String warmup;
    @Option(names = "--measure", defaultValue = "20s",
            description = "each Poisson load's window, which the registrations must end in (the saturated runs for "
                    + "the capacity measure " + CAPACITY_WINDOW_SECONDS + " s)")
    String measure;
    @Option(names = "--out", description = "write the JSON result here as well")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (counts.length == 0 || IntStream.of(counts).anyMatch(n -> n < 1)) {
            throw new IllegalArgumentException("--subscriptions takes counts of at least 1");
        }
        if (load != 0) {
            LatencyTermsCommand.requireFraction("--load", load);
        }
        Series series = new Series();
        try (LocalFleet fleet = LocalFleet.start(1, brokers.node(), brokers.load().persistent(),
                brokers.workDir("brokerwise-registration"), System.err)) {
            // untimed: the first registrations on a fresh broker also pay for compiling its registration path
            series.warmUp = SubscriptionRegistration.time(fleet.target(ONE), selectors(counts[0]));
            System.err.printf("loadgen: warm-up, %,d registrations in %.2f s (not counted)%n", counts[0],
                    series.warmUp.seconds());
            for (int n : counts) {
                series.idle.add(SubscriptionRegistration.time(fleet.target(ONE), selectors(n)));
                System.err.printf("loadgen: %,d registrations idle in %.2f s%n", n,
                        series.idle.get(series.idle.size() - 1).seconds());
            }
            for (int n : load > 0 ? counts : new int[0]) {
                underLoad(fleet, n, series);
            }
        }
        RegistrationTimes times = series.times(load);
        System.err.printf("loadgen: %.3g s per registration idle, %.3g s at %.0f%% load%s%s%n", times.idleSecondsEach(),
                times.loadedSecondsEach(), 100 * load, series.capacities.stream().allMatch(LoadResult::valid) ? ""
                        : "; a capacity run was NOT VALID (saturated[].validityProblems): its load is a fraction of less",
                series.notUnderLoad.isEmpty() ? "" : "; some counts NOT measured under load (notUnderLoad)");
        JsonResult.emit(times, out);
        return 0;
    }

    /** What the series measured so far. */
    private static final class Series {
        Timing warmUp;
        final List<Timing> idle = new ArrayList<>();
        final List<LoadResult> capacities = new ArrayList<>();
        final List<Timing> loaded = new ArrayList<>();
        final List<LoadResult> loads = new ArrayList<>();
        final List<Boolean> inTime = new ArrayList<>();
        final List<Unmeasured> notUnderLoad = new ArrayList<>();

        RegistrationTimes times(double load) {
            return RegistrationTimes.of(warmUp, idle, load, capacities, loaded, loads, inTime, notUnderLoad);
        }
    }

    /**
     * Measures the capacity with {@code n} more filters, then times {@code n} registrations under {@code --load} of
     * it. A broker that stopped answering is recorded, and the larger counts are not tried on it.
     */
    private void underLoad(LocalFleet fleet, int n, Series series) throws Exception {
        if (!series.notUnderLoad.isEmpty()) {
            series.notUnderLoad.add(new Unmeasured(n, "not tried: the broker stopped answering at a smaller count"));
            return;
        }
        System.err.printf("loadgen: saturated with %,d more filters, for the capacity the load is a fraction of%n", n);
        LoadResult full;
        try {
            full = fleet.measure(load(mAdd + n, Duration.ofSeconds(CAPACITY_WINDOW_SECONDS)), ONE);
        } catch (IOException e) {
            // A broker saturated with thousands of filters can stall and leave its metrics unanswered: a finding.
            series.notUnderLoad.add(new Unmeasured(n, "the saturated run with them in place failed: " + e));
            System.err.printf("loadgen: %,d under load NOT measured: %s%n", n, e);
            return;
        }
        series.capacities.add(full);
        LoadSpec poisson = load(mAdd, Durations.parse(measure))
                .poissonAt(load * full.receivedPerSecond() / brokers.load().publishersPerRow());
        registerDuring(fleet, poisson, n, series);
    }

    /** The saturated load of {@code --r} matching subscribers and {@code nonMatching} others. */
    private LoadSpec load(int nonMatching, Duration window) {
        return brokers.load().saturated(1, SelectorDesign.calibration(r, nonMatching), 100, Durations.parse(warmup),
                window, Duration.ofSeconds(1));
    }

    /**
     * Registers {@code n} subscriptions while the Poisson load runs: they start once the load's warm-up and
     * {@link #SETTLE} have passed, and count as under load if they end before its window does.
     */
    private static void registerDuring(LocalFleet fleet, LoadSpec poisson, int n, Series series) throws Exception {
        ExecutorService runner = Executors.newSingleThreadExecutor();
        try {
            long started = System.nanoTime();
            Future<LoadResult> run = runner.submit(() -> fleet.measure(poisson, ONE));
            Thread.sleep(poisson.warmup().plus(SETTLE).toMillis());
            long registering = System.nanoTime();
            Timing t = SubscriptionRegistration.time(fleet.target(ONE), selectors(n));
            // the load starts at least a second after it is submitted (LoadRun), so its window ends no earlier than this
            long windowEnds = started + poisson.warmup().plus(Duration.ofSeconds(1)).plus(poisson.measure()).toNanos();
            boolean inTime = registering + (long) (t.seconds() * 1e9) < windowEnds;
            series.loaded.add(t);
            series.inTime.add(inTime);
            series.loads.add(run.get());
            System.err.printf("loadgen: %,d registrations under load in %.2f s%s%n", n, t.seconds(),
                    inTime ? "" : " (NOT all within the load's window: use a longer --measure)");
        } finally {
            runner.shutdownNow();
            runner.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    /** Selectors on the calibration's property that no message matches: filter work and no copies. */
    private static List<String> selectors(int n) {
        return new SelectorDesign(0, n, SelectorDesign.Kind.property, SelectorDesign.Shape.simple, 1).selectors();
    }
}
