package io.brokerwise.measure;

import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerRole;
import io.brokerwise.client.ClientOptions;
import io.brokerwise.measure.contract.BenchmarkPlan;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SliceReport;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapWatcher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * One client process of a benchmark (the program of a benchmark Job's pod): runs its slice of a {@link BenchmarkPlan} against the brokers of a
 * routing map, prints its {@link SliceReport} and, in a Job's pod, writes it into its run's results ConfigMap
 * ({@link ResultsConfigMap}), where the operator reads it. A failure exits 1 with one line in the termination
 * message, which the operator shows as the run's reason.
 */
@Command(name = "brokerwise-measure", mixinStandardHelpOptions = true,
        description = "Run one client process's share of a benchmark plan against the brokers of a routing map.")
public final class BenchmarkClient implements Callable<Integer> {

    @Option(names = "--plan", required = true, defaultValue = "${env:BENCHMARK_PLAN}",
            description = "the plan as JSON (default: $BENCHMARK_PLAN)")
    String plan;
    @Option(names = "--routing-map", defaultValue = "/etc/brokerwise/routing/routing.json")
    Path routingMap;
    @Option(names = "--slice", defaultValue = "${env:JOB_COMPLETION_INDEX:-0}",
            description = "this process's index among the plan's clients (default: $JOB_COMPLETION_INDEX)")
    int slice;
    @Option(names = "--termination-log", defaultValue = "/dev/termination-log")
    Path terminationLog;

    @Override
    public Integer call() throws Exception {
        BenchmarkPlan benchmark = BenchmarkPlan.fromJson(plan);
        // read first: a pod that could not deliver its report fails at once, not after the run
        Optional<ResultsConfigMap> delivery = ResultsConfigMap.fromEnvironment();
        RoutingMap map = RoutingMapWatcher.read(routingMap);
        Target target = Target.onPort(map, BrokerCredentials.fromEnvironment(),
                BrokerCredentials.fromEnvironment(BrokerRole.METRICS), benchmark.metricsPort())
                .trusting(System.getenv(ClientOptions.CA_ENV));
        ClientSlice share = new ClientSlice(slice, benchmark.clients());
        double cores = Runtime.getRuntime().availableProcessors();
        List<LoadResult> results = new ArrayList<>();
        for (int i = 0; i < benchmark.points().size(); i++) {
            LoadSpec point = benchmark.points().get(i);
            System.err.printf("brokerwise-measure: point %d/%d%n", i + 1, benchmark.points().size());
            results.add(new LoadRun(point, System.err).measure(target, share,
                    benchmark.startOf(i) * 1_000_000L, cores));
        }
        SliceReport report = new SliceReport(slice, results);
        System.out.println(report.line());
        if (delivery.isPresent()) {
            delivery.get().write(report);
        }
        return 0;
    }

    public static void main(String[] args) {
        BenchmarkClient job = new BenchmarkClient();
        int code = new CommandLine(job).setExecutionExceptionHandler((e, cmd, parsed) -> {
            String reason = e.getClass().getSimpleName() + ": " + e.getMessage();
            System.err.println("brokerwise-measure: " + reason);
            job.terminate(reason);
            return 1;
        }).execute(args);
        System.exit(code);
    }

    private void terminate(String reason) {
        try {
            if (terminationLog != null && Files.isWritable(terminationLog.getParent())) {
                Files.writeString(terminationLog, reason.length() > 1000 ? reason.substring(0, 1000) : reason);
            }
        } catch (IOException ignored) {
            // the message is on stderr as well
        }
    }
}
