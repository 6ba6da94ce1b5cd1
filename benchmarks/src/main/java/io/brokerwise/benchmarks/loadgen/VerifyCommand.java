package io.brokerwise.benchmarks.loadgen;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.brokerwise.api.planning.ManifestException;
import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.planning.ProfileResolver;
import io.brokerwise.api.v1alpha1.FilterSpec;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.WorkloadSpec;
import io.brokerwise.model.queue.GammaApproximation;
import io.brokerwise.model.queue.MG1Queue;
import io.brokerwise.model.service.BrokerProfile;
import io.brokerwise.model.service.ServiceTime;
import io.brokerwise.model.topology.LayoutEvaluation;
import io.brokerwise.model.topology.Plan;
import io.brokerwise.model.topology.TopologyPlanner;
import io.brokerwise.model.topology.Workload;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code brokerwise-bench verify}: plans a PubSubTopology, then measures the saturated capacity of the
 * chosen layout and of the rejected alternatives that fit on the local brokers, all on one set of brokers
 * kept warm, and sets each measurement beside the model's prediction at full utilization.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Measure the planned layout and its alternatives on local brokers against the prediction.")
final class VerifyCommand implements Callable<Integer> {

    /** Filters (JMS consumers) a local run can hold on this machine class; bigger workloads are refused. */
    static final int MAX_LOCAL_FILTERS = 256;

    @Option(names = {"-f", "--filename"}, required = true, description = "the PubSubTopology manifest")
    Path topologyFile;
    @Option(names = "--profile-file", description = "a BrokerProfile manifest named by spec.profileRef (else built-in)")
    Path profileFile;
    @Option(names = "--max-brokers", defaultValue = "4", description = "local brokers at most (2 cores here)")
    int maxBrokers;
    @Option(names = "--alternatives", defaultValue = "2", description = "rejected layouts to measure as well")
    int alternatives;
    @Mixin
    BrokerOptions brokers = new BrokerOptions();
    @Option(names = "--first-warmup", defaultValue = "30s")
    String firstWarmup;
    @Option(names = "--warmup", defaultValue = "5s")
    String warmup;
    @Option(names = "--measure", defaultValue = "15s")
    String measure;
    @Option(names = "--latency-at", split = ",", defaultValue = "0.1,0.5,0.7,0.9",
            description = "Poisson loads, as fractions of the planned layout's measured capacity, at which to measure "
                    + "latency against the Gamma-approximation (the lowest serves as the no-queueing baseline); "
                    + "empty for none")
    double[] latencyAt;
    @Option(names = "--out", description = "write the JSON verdicts here as well")
    Path out;

    @Override
    public Integer call() throws Exception {
        PubSubTopology topology = read(topologyFile).one(PubSubTopology.class);
        BrokerProfile profile = profile(topology);
        PlanningInput input = PlanningInput.from(topology.getSpec(), maxBrokers);
        Plan plan = new TopologyPlanner().plan(input.workload(), profile, input.objectives(), input.limits(), input.mode());
        List<LayoutEvaluation> layouts = layoutsToMeasure(plan);
        if (layouts.isEmpty()) {
            System.err.println("loadgen: no layout of at most " + maxBrokers + " brokers to measure");
            return 3;
        }
        SelectorDesign design = design(topology.getSpec().workload, input.workload());
        int most = layouts.stream().mapToInt(e -> Math.toIntExact(e.brokers())).max().orElse(1);
        List<Map<String, Object>> verdicts = new ArrayList<>();
        Path work = brokers.workDir != null ? brokers.workDir : Files.createTempDirectory("brokerwise-verify");
        try (LocalFleet fleet = LocalFleet.start(most, brokers.brokerCores, brokers.brokerHeap, brokers.persistent(),
                work, System.err)) {
            for (int i = 0; i < layouts.size(); i++) {
                LayoutEvaluation e = layouts.get(i);
                LoadSpec spec = spec(e, design, i == 0 ? firstWarmup : warmup);
                System.err.printf("loadgen: layout %s (%s)%n", e.layout(), i == 0 && plan.chosen().isPresent()
                        ? "planned" : "alternative");
                LoadResult result = new LoadRun(spec, work, System.err).measure(fleet);
                Map<String, Object> verdict = verdict(e, input.objectives().maxUtilization(), plan, result);
                if (i == 0 && latencyAt != null && latencyAt.length > 0) {
                    verdict.put("latency", latency(fleet, work, e, design, result.publishedPerSecond()));
                }
                verdicts.add(verdict);
            }
        }
        System.err.println("loadgen: layout      planned  predicted msgs/s  measured msgs/s  error    valid");
        for (Map<String, Object> v : verdicts) {
            System.err.printf("loadgen: %-11s %-8s %,16.0f %,16.0f  %+6.1f%%  %s%n", v.get("layout"), v.get("planned"),
                    (Double) v.get("predictedSaturatedMsgsPerSecond"), (Double) v.get("measuredMsgsPerSecond"),
                    100 * (Double) v.get("relativeError"), v.get("valid"));
        }
        String json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(verdicts);
        System.out.println(json);
        if (out != null) {
            Files.writeString(out, json + "\n");
        }
        return 0;
    }

    /** The plan's layout first, then rejected ones that fit here, in the planner's order. */
    private List<LayoutEvaluation> layoutsToMeasure(Plan plan) {
        List<LayoutEvaluation> out = new ArrayList<>();
        plan.chosen().ifPresent(out::add);
        int limit = out.size() + alternatives;
        for (Plan.Alternative a : plan.alternatives()) {
            LayoutEvaluation e = a.evaluation();
            if (out.size() < limit && e.brokers() <= maxBrokers
                    && out.stream().noneMatch(o -> o.layout().equals(e.layout()))) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * The workload's filters as load-generator subscribers: one consumer per filter, round(E[R]) of them
     * matching every message. Saturated capacity depends on the mean service time only, so a fixed
     * replication grade with the workload's mean stands for every distribution of it.
     */
    static SelectorDesign design(WorkloadSpec spec, Workload w) {
        long filters = w.subscribers() * (long) Math.max(1, w.filtersPerSubscriber());
        if (filters > MAX_LOCAL_FILTERS) {
            throw new ManifestException("spec.workload: " + filters + " filters (subscribers x filtersPerSubscriber) "
                    + "are more than a local run holds (" + MAX_LOCAL_FILTERS + "); verify a scaled-down workload");
        }
        int r = (int) Math.round(w.meanReplicationGrade());
        SelectorDesign.Kind kind = spec.filter.kind == FilterSpec.Kind.CorrelationId
                ? SelectorDesign.Kind.correlation : SelectorDesign.Kind.property;
        SelectorDesign.Shape shape = w.filterComponents() > 1 ? SelectorDesign.Shape.or : SelectorDesign.Shape.simple;
        return new SelectorDesign(r, (int) filters - r, kind, shape, w.filterComponents());
    }

    /** Publisher threads: enough to saturate, an equal number per row. */
    private LoadSpec spec(LayoutEvaluation e, SelectorDesign design, String warm) {
        int rows = e.layout().publisherGroups();
        int threads = rows * Math.max(1, (int) Math.ceil(brokers.publishers / (double) rows));
        List<String> args = new ArrayList<>(List.of(brokers.asArguments()));
        args.addAll(List.of("--layout", rows + "x" + e.layout().subscriberGroups(), "--warmup", warm, "--measure",
                measure, "--cooldown", "1s"));
        RunCommand run = CommandLine.populateCommand(new RunCommand(), args.toArray(String[]::new));
        run.brokers.publishers = threads;
        return run.spec(design);
    }

    /**
     * Poisson runs at fractions u of the measured capacity: measured end-to-end latency (send to delivery:
     * waiting, service, network and client) next to the Gamma-approximation's waiting time at utilization u
     * for the most loaded broker's service time. The lowest u has next to no queueing, so the growth of the
     * measured latency over it is what compares with the predicted waiting time.
     */
    private List<Map<String, Object>> latency(LocalFleet fleet, Path work, LayoutEvaluation e, SelectorDesign design,
                                              double capacity) throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>();
        ServiceTime b = e.serviceTime();
        for (double u : latencyAt) {
            LoadSpec saturated = spec(e, design, warmup);
            LoadSpec spec = new LoadSpec(saturated.publisherGroups(), saturated.subscriberGroups(),
                    saturated.brokerCores(), saturated.brokerHeap(), saturated.publishers(), LoadSpec.Mode.rate,
                    u * capacity / saturated.publishers(), saturated.persistent(), design, saturated.messageBytes(),
                    saturated.warmup(), saturated.measure(), saturated.cooldown(), saturated.maxMessagesPerPublisher(),
                    saturated.seed());
            System.err.printf("loadgen: Poisson load %.0f%% of the measured capacity%n", 100 * u);
            LoadResult r = new LoadRun(spec, work, System.err).measure(fleet);
            GammaApproximation w = GammaApproximation.of(new MG1Queue(u / b.mean(), b));
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("utilization", u);
            row.put("offeredMsgsPerSecond", u * capacity);
            row.put("measuredLatencyMicros", r.latencyMicros());
            row.put("predictedWaitingP50Micros", 1e6 * w.quantile(0.5));
            row.put("predictedWaitingP99Micros", 1e6 * w.quantile(0.99));
            row.put("predictedServiceMeanMicros", 1e6 * b.mean());
            row.put("valid", r.valid());
            row.put("validityProblems", r.validityProblems());
            rows.add(row);
        }
        return rows;
    }

    private static Map<String, Object> verdict(LayoutEvaluation e, double maxUtilization, Plan plan, LoadResult r) {
        double predicted = e.capacity() / maxUtilization;
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("layout", e.layout().toString());
        v.put("planned", plan.chosen().map(c -> c.layout().equals(e.layout())).orElse(false));
        plan.alternatives().stream().filter(a -> a.evaluation().layout().equals(e.layout())).findFirst()
                .ifPresent(a -> v.put("rejectedBecause", a.reason()));
        v.put("predictedSaturatedMsgsPerSecond", predicted);
        v.put("measuredMsgsPerSecond", r.publishedPerSecond());
        v.put("relativeError", (r.publishedPerSecond() - predicted) / predicted);
        v.put("valid", r.valid());
        v.put("result", r);
        return v;
    }

    private BrokerProfile profile(PubSubTopology topology) throws Exception {
        var spec = topology.getSpec();
        return ProfileResolver.resolve(spec.profileRef == null ? null : spec.profileRef.name, ProfileResolver.filterKind(spec),
                profileFile == null ? List.of() : read(profileFile).all(io.brokerwise.api.v1alpha1.BrokerProfile.class),
                "spec.profileRef.name");
    }

    private static ManifestReader read(Path file) throws Exception {
        try (Reader in = Files.newBufferedReader(file)) {
            return new ManifestReader().add(in, file.toString());
        }
    }
}
