package io.brokerwise.benchmarks.command;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.client.ClientOptions;
import io.brokerwise.benchmarks.local.LocalFleet;
import io.brokerwise.benchmarks.measurement.LocalLoad;
import io.brokerwise.benchmarks.measurement.PathComparison;
import io.brokerwise.benchmarks.measurement.TopologyLoad;
import io.brokerwise.benchmarks.report.JsonResult;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SaturatedLoad;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.measure.LoadRun;
import io.brokerwise.measure.PublishingPath;
import io.brokerwise.measure.Target;
import io.brokerwise.model.Durations;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerRole;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapWatcher;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code brokerwise-bench run}: one measurement on local brokers, printed and written as JSON. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Start local brokers, run one measurement, stop them; exit 3 with --strict if the run is not "
                + "valid (broker < 96%% CPU or client > 75%% in saturate mode, or counts differ from the brokers').")
final class RunCommand implements Callable<Integer> {

    /** The options whose load {@code --topology} gives. */
    private static final List<String> REPLACED_BY_TOPOLOGY = List.of("--layout", "--publishers", "--delivery-mode",
            "--r", "--m-add", "--filter-kind", "--filter-shape", "--components", "--message-bytes");

    @Spec
    CommandSpec command;
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
    @Option(names = "--topology", paramLabel = "FILE", description = "measure the load a BenchmarkRun's Job "
            + "saturates this PubSubTopology with (as kubectl get -o json prints it, with its status.plan): "
            + SaturatedLoad.PUBLISHERS_PER_ROW + " publishers per publisher group of the plan, the workload's filters "
            + "as subscribers, its delivery mode and message size; local brokers of the plan's layout unless "
            + "--routing-map; instead of --layout, --publishers, --delivery-mode, --r, --m-add, --filter-kind, "
            + "--filter-shape, --components and --message-bytes")
    Path topology;
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
        Optional<TopologyLoad> planned = planned();
        LoadSpec load = load(planned);
        List<LoadResult> results = new ArrayList<>();
        if (routingMap != null) {
            RoutingMap map = RoutingMapWatcher.read(routingMap);
            planned.ifPresent(p -> p.requireRoutedBy(map));
            Target target = Target.onPort(map, BrokerCredentials.fromEnvironment(),
                    BrokerCredentials.fromEnvironment(BrokerRole.METRICS), metricsPort)
                    .trusting(System.getenv(ClientOptions.CA_ENV));
            measureEach(path -> new LoadRun(load, System.err, path)
                    .measure(target, Runtime.getRuntime().availableProcessors()), results);
        } else {
            Layout grid = planned.map(TopologyLoad::layout).orElseGet(this::layout);
            try (LocalFleet fleet = LocalFleet.start(Math.toIntExact(grid.brokers()), brokers.node(),
                    load.persistent(), brokers.workDir("brokerwise-bench"), System.err)) {
                measureEach(path -> fleet.measure(load, grid, path), results);
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
        LoadResult measure(PublishingPath path) throws Exception;
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
                LoadResult result = measuring.measure(path);
                JsonResult.emit(result, paths.size() > 1 ? null : out);
                results.add(result);
                byPath.computeIfAbsent(path, p -> new ArrayList<>()).add(result);
            }
        }
        if (byPath.size() > 1) {
            new PathComparison(byPath).print(System.out);
        }
    }

    /** {@code --topology}'s load, once the options it replaces are refused; empty without it. */
    Optional<TopologyLoad> planned() throws IOException {
        if (topology == null) {
            return Optional.empty();
        }
        List<String> replaced = REPLACED_BY_TOPOLOGY.stream()
                .filter(command.commandLine().getParseResult()::hasMatchedOption).toList();
        if (!replaced.isEmpty()) {
            throw new ParameterException(command.commandLine(), "--topology gives the load (its plan's layout, "
                    + "publishers, subscribers, delivery mode and message size): drop " + String.join(", ", replaced));
        }
        return Optional.of(TopologyLoad.of(BrokerwiseBench.read(topology).one(PubSubTopology.class)));
    }

    /** The options as the load they describe: the one place they become one. */
    LoadSpec load(Optional<TopologyLoad> planned) {
        Duration warm = Durations.parse(warmup);
        Duration window = Durations.parse(measure);
        Duration cool = Durations.parse(cooldown);
        if (planned.isPresent()) {
            LoadSpec saturated = planned.get().load().over(warm, window, cool, maxMessages, seed);
            return mode == LoadSpec.Mode.rate ? saturated.poissonAt(rate) : saturated;
        }
        LocalLoad load = brokers.load();
        return new LoadSpec(load.publishersPerRow(), mode, rate, load.persistent(), load.durableSubscriptions(),
                new SelectorDesign(r, mAdd, kind, shape, components), messageBytes, warm, window, cool, maxMessages,
                seed);
    }

    private Layout layout() {
        try {
            return Layout.parse(layout);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--layout: " + e.getMessage(), e);
        }
    }
}
