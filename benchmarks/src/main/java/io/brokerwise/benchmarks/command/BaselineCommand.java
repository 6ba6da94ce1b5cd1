package io.brokerwise.benchmarks.command;

import io.brokerwise.benchmarks.local.LocalBroker;
import io.brokerwise.benchmarks.local.LocalFleet;
import io.brokerwise.benchmarks.report.JsonResult;
import io.brokerwise.broker.BrokerProcess;
import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.broker.metrics.BrokerScrape;
import io.brokerwise.measure.LoadResult;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.measure.LoadSpec;
import io.brokerwise.measure.SelectorDesign;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
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
        Path work = brokers.workDir != null ? brokers.workDir : Files.createTempDirectory("brokerwise-baseline");
        Map<String, Object> result = new LinkedHashMap<>();
        try (LocalFleet fleet = LocalFleet.start(1, brokers.node(), brokers.persistent(), work, System.err)) {
            LoadSpec spec = spec();
            List<Map<String, Object>> perf = new ArrayList<>();
            perf.add(artemisPerf(fleet, work.resolve("artemis-perf-1.json")));
            System.err.println("loadgen: brokerwise-bench, no selectors");
            LoadResult ours = fleet.measure(spec, new Layout(1, 1));
            perf.add(artemisPerf(fleet, work.resolve("artemis-perf-2.json")));
            double best = perf.stream().mapToDouble(p -> (Double) p.get("publishedPerSecond")).max().orElseThrow();
            double ratio = ours.publishedPerSecond() / best;
            result.put("artemisPerf", perf);
            result.put("loadGenerator", ours);
            result.put("ratioToBestArtemisPerf", ratio);
            System.err.printf("loadgen: artemis perf %,.0f and %,.0f msgs/s, brokerwise-bench %,.0f msgs/s: %.1f%% "
                    + "of the better%n", perf.get(0).get("publishedPerSecond"), perf.get(1).get("publishedPerSecond"),
                    ours.publishedPerSecond(), 100 * ratio);
        }
        JsonResult.emit(result, out);
        return 0;
    }

    /** The same measurement as {@code run --filter-shape none}: every subscriber gets every message. */
    private LoadSpec spec() {
        List<String> args = new ArrayList<>(List.of(brokers.asArguments()));
        args.addAll(List.of("--r", Integer.toString(subscribers), "--m-add", "0", "--filter-shape", "none",
                "--message-bytes", Integer.toString(messageBytes), "--warmup", warmupSeconds + "s",
                "--measure", measureSeconds + "s", "--cooldown", "1s"));
        return CommandLine.populateCommand(new RunCommand(), args.toArray(String[]::new)).spec();
    }

    /**
     * One {@code artemis perf client} run in its own JVM (same heap as this one): as many producers as
     * this generator has publishers, each on its own thread, asynchronous sends; the broker's CPU sampled
     * over the measured seconds. Its rate is the mean of its per-second samples after the warm-up.
     */
    private Map<String, Object> artemisPerf(LocalFleet fleet, Path report)
            throws IOException, InterruptedException {
        LocalBroker broker = fleet.brokers.get(0);
        List<String> command = new ArrayList<>(List.of(BrokerProcess.JAVA, "-Xms1g", "-Xmx1g", "-cp", artemisClasspath, "org.apache.activemq.artemis.cli.Artemis",
                "perf", "client", "--url", "tcp://" + broker.address,
                "--user", fleet.credentials.user(), "--password", fleet.credentials.password(),
                "--producers", Integer.toString(brokers.publishers), "--threads", Integer.toString(brokers.publishers),
                "--consumers", Integer.toString(subscribers), "--max-pending", Integer.toString(maxPending),
                "--message-size", Integer.toString(messageBytes),
                "--warmup", Integer.toString(warmupSeconds), "--duration", Integer.toString(warmupSeconds + measureSeconds),
                "--json", report.toString()));
        if (brokers.persistent()) {
            command.add("--persistent");
        }
        command.add("topic://" + LocalFleet.TOPIC);
        System.err.println("loadgen: artemis perf client, no selectors");
        Process perf = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(report.resolveSibling(report.getFileName() + ".log").toFile()).start();
        try {
            TimeUnit.SECONDS.sleep(warmupSeconds);
            BrokerSample before = BrokerScrape.of(broker.metricsAddress);
            TimeUnit.SECONDS.sleep(measureSeconds);
            double brokerCpu = BrokerScrape.of(broker.metricsAddress).cpuUtilizationSince(before, measureSeconds);
            if (!perf.waitFor(120, TimeUnit.SECONDS)) {
                throw new IOException("artemis perf did not finish within 120 s after its duration; see " + report);
            }
            if (perf.exitValue() != 0 || !Files.exists(report)) {
                throw new IOException("artemis perf exited with " + perf.exitValue() + "; see " + report + ".log");
            }
            Map<String, Object> run = new LinkedHashMap<>();
            run.put("publishedPerSecond", meanRate(report, "sent"));
            run.put("deliveredPerSecond", meanRate(report, "received"));
            run.put("brokerCpuUtilization", brokerCpu);
            run.put("report", report.toString());
            return run;
        } finally {
            perf.destroyForcibly();
        }
    }

    /**
     * Mean of a rate over artemis perf's per-second samples after its warm-up while its producers ran,
     * leaving out the first (it straddles the warm-up's end) and the last (cut short by the end).
     */
    static double meanRate(Path report, String metric) throws IOException {
        List<Double> rates = new ArrayList<>();
        for (JsonNode sample : new ObjectMapper().readTree(report.toFile())) {
            if ("interval".equals(sample.path("sampleType").asText()) && !sample.path("warmup").asBoolean()
                    && sample.path("sent").asDouble() > 0) {
                rates.add(sample.path(metric).asDouble());
            }
        }
        if (rates.size() < 3) {
            throw new IOException("artemis perf reported " + rates.size() + " samples after its warm-up: " + report);
        }
        return rates.subList(1, rates.size() - 1).stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }
}
