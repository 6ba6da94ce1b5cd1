package io.brokerwise.benchmarks.command;

import io.brokerwise.client.ClientOptions;
import io.brokerwise.benchmarks.local.LocalFleet;
import io.brokerwise.benchmarks.measurement.LocalLoad;
import io.brokerwise.benchmarks.measurement.PathComparison;
import io.brokerwise.benchmarks.report.JsonResult;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.measure.LoadRun;
import io.brokerwise.measure.PublishingPath;
import io.brokerwise.measure.Target;
import io.brokerwise.model.Durations;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerRole;
import io.brokerwise.routing.RoutingMapWatcher;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code brokerwise-bench run}: one measurement on local brokers, printed and written as JSON. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Start local brokers, run one measurement, stop them; exit 3 with --strict if the run is not "
                + "valid (broker < 96%% CPU or client > 75%% in saturate mode, or counts differ from the brokers').")
final class RunCommand implements Callable<Integer> {

    @Mixin
    BrokerOptions brokers = new BrokerOptions();
    @Option(names = "--layout", defaultValue = "1x1", description = "k x l: publisher groups x subscriber groups")
    String layout;
    @Option(names = "--mode", defaultValue = "saturate", description = "saturate | rate (Poisson)")
    LoadSpec.Mode mode;
    @Option(names = "--rate", defaultValue = "0", description = "messages/s per publisher in rate mode")
    double rate;
    @Option(names = "--r", defaultValue = "1", description = "matching subscribers (replication grade)")
    int r;
    @Option(names = "--m-add", defaultValue = "5", description = "additional non-matching subscribers")
    int mAdd;
    @Option(names = "--filter-kind", defaultValue = "property", description = "property | correlation")
    SelectorDesign.Kind kind;
    @Option(names = "--filter-shape", defaultValue = "simple",
            description = "simple | or | and | in | none (no selectors, and nothing in the messages to select on: every "
                    + "subscriber gets every message; m_add 0)")
    SelectorDesign.Shape shape;
    @Option(names = "--components", defaultValue = "1", description = "components per filter (or/and/in)")
    int components;
    @Option(names = "--message-bytes", defaultValue = "100")
    int messageBytes;
    @Option(names = "--warmup", defaultValue = "10s")
    String warmup;
    @Option(names = "--measure", defaultValue = "20s")
    String measure;
    @Option(names = "--cooldown", defaultValue = "2s")
    String cooldown;
    @Option(names = "--max-messages", defaultValue = "" + LocalLoad.MAX_MESSAGES_PER_PUBLISHER,
            description = "bound per publisher")
    long maxMessages;
    @Option(names = "--seed", defaultValue = "" + LocalLoad.SEED)
    long seed;
    @Option(names = "--routing-map", description = "measure the brokers of this routing.json (a topology's pods) "
            + "instead of starting local ones; user and password from ARTEMIS_USER / ARTEMIS_PASSWORD, the metrics user "
            + "from METRICS_USER / METRICS_PASSWORD, the CA of brokers that speak TLS from ARTEMIS_CA")
    Path routingMap;
    @Option(names = "--out", description = "write the JSON result here as well as to stdout")
    Path out;
    @Option(names = "--strict", description = "exit 3 when the run is not valid")
    boolean strict;

    @Option(names = "--metrics-port", defaultValue = "9404",
            description = "with --routing-map: the port the brokers serve their metrics on")
    int metricsPort;
    @Option(names = "--publish-through", split = ",", defaultValue = "client",
            description = "client (the client library's publishers) | factory (JMS producers of the connection factory, "
                    + "as an unmodified application publishes); both, e.g. client,factory, measure each in turn on the "
                    + "same brokers and print their ratio")
    List<PublishingPath> paths;
    @Option(names = "--rounds", defaultValue = "3", description = "with several --publish-through paths: measure "
            + "them this many times (at least 2, for an interval), in alternating order")
    int rounds;

    @Override
    public Integer call() throws Exception {
        if (paths.size() > 1 && rounds < 2) {
            throw new IllegalArgumentException("--rounds must be at least 2 to compare publishing paths: a 95% "
                    + "interval needs two measurements of each");
        }
        List<LoadResult> results = new ArrayList<>();
        if (routingMap != null) {
            Target target = Target.onPort(RoutingMapWatcher.read(routingMap), BrokerCredentials.fromEnvironment(),
                    BrokerCredentials.fromEnvironment(BrokerRole.METRICS), metricsPort)
                    .trusting(System.getenv(ClientOptions.CA_ENV));
            measureEach((spec, path) -> new LoadRun(spec, System.err, path)
                    .measure(target, Runtime.getRuntime().availableProcessors()), results);
        } else {
            Layout grid = layout();
            try (LocalFleet fleet = LocalFleet.start(Math.toIntExact(grid.brokers()), brokers.node(),
                    brokers.load().persistent(), brokers.workDir("brokerwise-bench"), System.err)) {
                measureEach((spec, path) -> fleet.measure(spec, grid, path), results);
            }
        }
        boolean valid = true;
        for (LoadResult result : results) {
            result.validityProblems().forEach(p -> System.err.println("loadgen: NOT VALID: " + p));
            valid &= result.valid();
        }
        return valid || !strict ? 0 : 3;
    }

    interface Measuring {
        LoadResult measure(LoadSpec spec, PublishingPath path) throws Exception;
    }

    /** Each path in turn (reversed every other round, so drift does not favour one), then their ratio. */
    private void measureEach(Measuring measuring, List<LoadResult> results) throws Exception {
        int n = paths.size() > 1 ? rounds : 1;
        Map<PublishingPath, List<LoadResult>> byPath = new EnumMap<>(PublishingPath.class);
        for (int round = 0; round < n; round++) {
            List<PublishingPath> order = new ArrayList<>(paths);
            if (round % 2 == 1) {
                Collections.reverse(order);
            }
            for (PublishingPath path : order) {
                System.err.printf("loadgen: round %d of %d, publishing through %s%n", round + 1, n, path);
                LoadResult result = measuring.measure(spec(), path);
                JsonResult.emit(result, paths.size() > 1 ? null : out);
                results.add(result);
                byPath.computeIfAbsent(path, p -> new ArrayList<>()).add(result);
            }
        }
        if (byPath.size() > 1) {
            new PathComparison(byPath).print(System.out);
        }
    }

    /** The options as the load they describe: the one place they become one. */
    private LoadSpec spec() {
        LocalLoad load = brokers.load();
        return new LoadSpec(load.publishersPerRow(), mode, rate, load.persistent(),
                new SelectorDesign(r, mAdd, kind, shape, components), messageBytes, Durations.parse(warmup),
                Durations.parse(measure), Durations.parse(cooldown), maxMessages, seed);
    }

    private Layout layout() {
        try {
            return Layout.parse(layout);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--layout: " + e.getMessage(), e);
        }
    }
}
