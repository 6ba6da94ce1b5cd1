package io.brokerwise.benchmarks.command;

import io.brokerwise.benchmarks.local.BrokerNode;
import io.brokerwise.benchmarks.local.LocalFleet;
import io.brokerwise.benchmarks.report.JsonResult;
import io.brokerwise.benchmarks.verification.LayoutRuns;
import io.brokerwise.benchmarks.verification.ReferencePoint;
import io.brokerwise.measure.LoadResult;
import io.brokerwise.measure.LoadSpec;
import io.brokerwise.measure.SelectorDesign;
import io.brokerwise.api.planning.ManifestException;
import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.planning.ProfileResolver;
import io.brokerwise.api.v1alpha1.FilterSpec;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.WorkloadSpec;
import io.brokerwise.model.queue.GammaApproximation;
import io.brokerwise.model.queue.MG1Queue;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.service.ServiceTime;
import io.brokerwise.model.stats.AnovaComparison;
import io.brokerwise.model.stats.SampleSummary;
import io.brokerwise.model.stats.WelchComparison;
import io.brokerwise.model.topology.LayoutEvaluation;
import io.brokerwise.model.topology.Plan;
import io.brokerwise.model.topology.TopologyPlanner;
import io.brokerwise.model.topology.Workload;
import io.brokerwise.model.topology.Layout;
import java.io.Reader;
import java.time.Duration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code brokerwise-bench verify}: plans a PubSubTopology, then measures the saturated capacity of the
 * chosen layout and of the rejected alternatives that fit on the local brokers, each run on brokers started
 * for it, in rounds (every layout once per round), and judges each layout's runs against the model's
 * prediction at full utilization by their 95% interval ({@link LayoutRuns}).
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Measure the planned layout and its alternatives on local brokers against the prediction.")
public final class VerifyCommand implements Callable<Integer> {

    /** Filters (JMS consumers) a local run can hold on this machine class; bigger workloads are refused. */
    static final int MAX_LOCAL_FILTERS = 256;
    /** The brokers are warm from the layout, and a reference point runs the same code paths. */
    static final String REFERENCE_WARMUP = "20s";
    /**
     * What the calibration's messages carried: the times of a profile without per-byte times are per message of
     * this size, so that is what verify measures with such a profile.
     */
    public static final int CALIBRATED_MESSAGE_BYTES = 100;
    static final long MAX_MESSAGES_PER_PUBLISHER = 100_000_000;

    @Option(names = {"-f", "--filename"}, required = true, description = "the PubSubTopology manifest")
    Path topologyFile;
    @Option(names = "--profile-file", description = "a ServiceTimeProfile manifest named by spec.profileRef (else built-in)")
    Path profileFile;
    @Option(names = "--max-brokers", defaultValue = "4", description = "local brokers at most (2 cores here)")
    int maxBrokers;
    @Option(names = "--alternatives", defaultValue = "2", description = "rejected layouts to measure as well")
    int alternatives;
    @Mixin
    BrokerOptions brokers = new BrokerOptions();
    @Option(names = "--warmup", defaultValue = "30s",
            description = "warm-up of each layout on the brokers started for it (at 0.25 cores a broker needs minutes)")
    String warmup;
    @Option(names = "--latency-warmup", defaultValue = "10s", description = "warm-up before each Poisson run")
    String latencyWarmup;
    @Option(names = "--measure", defaultValue = "15s")
    String measure;
    @Option(names = "--latency-at", defaultValue = "0.1,0.5,0.7,0.9",
            description = "Poisson loads, as fractions of the planned layout's measured capacity, at which to measure "
                    + "latency against the Gamma-approximation (the lowest serves as the no-queueing baseline); "
                    + "empty for none")
    String latencyAt;
    @Option(names = "--reference-point", defaultValue = "",
            description = "r,m_add such as 1,160: a calibration point measured on every broker of each layout right "
                    + "after it, whose ratio to the profile's prediction rescales the layout's prediction to the "
                    + "machine's speed at that moment (RESULTS.md: on this machine it did not take the drift out); "
                    + "empty (the default) for none")
    String referencePoint;
    @Option(names = "--repeats", defaultValue = "3",
            description = "saturated runs of each layout, interleaved (A, B, A, B) so that drift hits every layout "
                    + "alike; verdicts judge their 95%% interval (at least 2)")
    int repeats;
    @Option(names = "--tolerance", defaultValue = "0.15",
            description = "relative error of measured against predicted capacity that counts as a match")
    double tolerance;
    @Option(names = "--out", description = "write the JSON verdicts here as well")
    Path out;
    /** The size of the measured messages, once the profile is known. */
    private int messageBytes;

    @Override
    public Integer call() throws Exception {
        checkRepeats();
        List<Double> loads = latencyLoads();
        Optional<ReferencePoint> reference = ReferencePoint.parse(referencePoint);
        BrokerNode node = brokers.node(); // checks the broker options before anything starts
        PubSubTopology topology = read(topologyFile).one(PubSubTopology.class);
        ServiceTimeProfile profile = profile(topology);
        PlanningInput input = PlanningInput.from(topology.getSpec(), maxBrokers);
        Plan plan = new TopologyPlanner().plan(input.workload(), profile, input.objectives(), input.limits(), input.mode());
        List<LayoutEvaluation> layouts = layoutsToMeasure(plan);
        if (layouts.isEmpty()) {
            System.err.println("loadgen: no layout of at most " + maxBrokers + " brokers to measure");
            return 3;
        }
        SelectorDesign design = design(topology.getSpec().workload, input.workload());
        messageBytes = messageBytes(profile, input.workload());
        List<LayoutRuns> runs = layouts.stream().map(e -> new LayoutRuns(e,
                plan.chosen().map(c -> c.layout().equals(e.layout())).orElse(false),
                e.capacity() / input.objectives().maxUtilization())).toList();
        List<Map<String, Object>> plannedLatency = List.of();
        Path work = brokers.workDir != null ? brokers.workDir : Files.createTempDirectory("brokerwise-verify");
        for (int round = 1; round <= repeats; round++) {
            // Interleaved, A, B, A, B: drift over the rounds hits every layout alike.
            for (LayoutRuns l : runs) {
                LayoutEvaluation e = l.evaluation();
                System.err.printf("loadgen: round %d/%d, layout %s (%s)%n", round, repeats, e.layout(),
                        l.planned() ? "planned" : "alternative");
                // Fresh brokers for every run: no subscription, backlog or JIT profile of another layout left.
                try (LocalFleet fleet = LocalFleet.start(Math.toIntExact(e.brokers()), node,
                        brokers.persistent(), work, System.err)) {
                    l.add(fleet.measure(spec(e, design, warmup), e.layout()));
                    if (reference.isPresent()) {
                        l.addReference(measureReference(fleet, reference.get()));
                    }
                    if (l.planned() && round == repeats && !loads.isEmpty()) {
                        plannedLatency = latency(fleet, e, design, l.meanCapacity(), l.predicted(), loads);
                    }
                }
            }
        }
        List<Map<String, Object>> verdicts = new ArrayList<>();
        for (LayoutRuns l : runs) {
            Map<String, Object> verdict = l.verdict(plan, tolerance);
            unevenDispatch(l.evaluation(), design).ifPresent(note -> verdict.put("note", note));
            reference.ifPresent(point -> l.atMeasuredSpeed(verdict, point, profile));
            if (l.planned() && !plannedLatency.isEmpty()) {
                verdict.put("latency", plannedLatency);
            }
            verdicts.add(verdict);
        }
        relativeToPlanned(runs, verdicts);
        summary(verdicts);
        JsonResult.emit(verdicts, out);
        return 0;
    }

    /** The workload's size when the profile charges size (the prediction is for it), else the calibration's. */
    public static int messageBytes(ServiceTimeProfile profile, Workload workload) {
        return profile.parameters().chargesSize() ? workload.messageSizeBytes() : CALIBRATED_MESSAGE_BYTES;
    }

    private void checkRepeats() {
        if (repeats < 2) {
            throw new IllegalArgumentException("--repeats must be at least 2: a 95% interval needs 2 runs of each "
                    + "layout, and 3 or more narrow it, got " + repeats);
        }
        if (!(tolerance > 0 && tolerance < 1)) {
            throw new IllegalArgumentException("--tolerance is a relative error in (0, 1), got " + tolerance);
        }
    }

    /**
     * Each alternative against the planned layout: its capacity over the planned layout's measured in the same
     * round (paired, so drift between rounds cancels), with its interval, beside the predicted ratio; and whether
     * either beats the other on capacity (Welch's t-test, claimed only at p < 0.05). With three layouts or more,
     * one-way ANOVA says first whether they differ at all. The planner chooses by such ratios.
     */
    public static void relativeToPlanned(List<LayoutRuns> runs, List<Map<String, Object>> verdicts) {
        if (runs.isEmpty() || !runs.get(0).planned()) {
            return;
        }
        LayoutRuns planned = runs.get(0);
        for (int i = 1; i < runs.size(); i++) {
            LayoutRuns alternative = runs.get(i);
            Map<String, Object> v = verdicts.get(i);
            double predicted = alternative.predicted() / planned.predicted();
            double[] a = alternative.capacities();
            double[] p = planned.capacities();
            SampleSummary measured = SampleSummary.of(java.util.stream.IntStream.range(0, a.length)
                    .mapToDouble(j -> a[j] / p[j]).toArray());
            v.put("predictedOverPlanned", predicted);
            v.put("measuredOverPlanned", measured.mean());
            v.put("measuredOverPlannedInterval", measured);
            v.put("ratioError", (measured.mean() - predicted) / predicted);
            WelchComparison welch = WelchComparison.of(a, p);
            v.put("againstPlanned", welch.verdict(alternative.evaluation().layout().toString(),
                    "planned " + planned.evaluation().layout()));
            v.put("againstPlannedPValue", welch.pValue());
        }
        if (runs.size() > 2) {
            AnovaComparison anova = AnovaComparison.of(runs.stream().map(LayoutRuns::capacities).toList());
            verdicts.get(0).put("amongLayouts", anova.verdict());
            verdicts.get(0).put("amongLayoutsPValue", anova.pValue());
        }
    }

    private static void summary(List<Map<String, Object>> verdicts) {
        System.err.println("loadgen: layout      planned  predicted msgs/s  measured msgs/s (95% interval)      error    "
                + "valid  verdict; over planned: predicted measured (95% interval)");
        for (Map<String, Object> v : verdicts) {
            SampleSummary measured = (SampleSummary) v.get("measured");
            System.err.printf("loadgen: %-11s %-8s %,16.0f %,16.0f (%,.0f to %,.0f)  %+6.1f%%  %-5s  %s%s%n",
                    v.get("layout"), v.get("planned"), (Double) v.get("predictedSaturatedMsgsPerSecond"),
                    measured.mean(), measured.lower(), measured.upper(), 100 * (Double) v.get("relativeError"),
                    v.get("valid"), v.get("verdict"), v.containsKey("measuredOverPlannedInterval")
                            ? String.format("; %.2f %.2f (%.2f to %.2f); %s", (Double) v.get("predictedOverPlanned"),
                            (Double) v.get("measuredOverPlanned"),
                            ((SampleSummary) v.get("measuredOverPlannedInterval")).lower(),
                            ((SampleSummary) v.get("measuredOverPlannedInterval")).upper(), v.get("againstPlanned"))
                            : "");
        }
        if (!verdicts.isEmpty() && verdicts.get(0).containsKey("amongLayouts")) {
            System.err.println("loadgen: " + verdicts.get(0).get("amongLayouts"));
        }
    }

    /** The reference point on all the layout's brokers at once, as independent rows of --publishers each. */
    private LoadResult measureReference(LocalFleet fleet, ReferencePoint point) throws Exception {
        int brokerCount = fleet.brokers.size();
        System.err.printf("loadgen: reference point r = %d, m_add = %d on all %d brokers%n", point.r(), point.mAdd(),
                brokerCount);
        return fleet.measure(spec(brokerCount, point.design(), REFERENCE_WARMUP), new Layout(brokerCount, 1));
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
        SelectorDesign.Kind kind = spec.filter.kind == FilterSpec.Kind.CorrelationId
                ? SelectorDesign.Kind.correlation : SelectorDesign.Kind.property;
        return SelectorDesign.forWorkload((int) filters, w.meanReplicationGrade(), kind, w.filterComponents());
    }

    /**
     * Publisher threads: --publishers per row. Every broker of a row hears all of that row's publishers, so
     * each broker takes as many producers as the calibration's single broker did, whatever the layout: a
     * broker's cost per received message depends on how many connections it is spread over.
     */
    private LoadSpec spec(LayoutEvaluation e, SelectorDesign design, String warm) {
        return spec(e.layout().publisherGroups(), design, warm);
    }

    private LoadSpec spec(int rows, SelectorDesign design, String warm) {
        return new LoadSpec(rows * brokers.publishers, LoadSpec.Mode.saturate, 0, brokers.persistent(), design,
                messageBytes, RunCommand.duration(warm), RunCommand.duration(measure), Duration.ofSeconds(1),
                MAX_MESSAGES_PER_PUBLISHER, 1);
    }

    /**
     * Poisson runs at fractions u of the measured capacity: measured end-to-end latency (send to delivery:
     * waiting, service, network and client) next to the Gamma-approximation's waiting time at utilization u
     * for the most loaded broker's service time. The lowest u has next to no queueing, so the growth of the
     * measured latency over it is what compares with the predicted waiting time. At a fixed utilization the
     * waiting time scales with the mean service time, so the prediction is also given at the mean service
     * time the measured capacity implies ({@code predicted / measured} times the profile's).
     */
    private List<Map<String, Object>> latency(LocalFleet fleet, LayoutEvaluation e, SelectorDesign design,
                                              double capacity, double predictedCapacity, List<Double> loads)
            throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>();
        ServiceTime b = e.serviceTime();
        double measuredOverProfile = predictedCapacity / capacity;
        LoadSpec saturated = spec(e, design, latencyWarmup);
        for (double u : loads) {
            LoadSpec spec = saturated.poissonAt(u * capacity / saturated.publishers());
            System.err.printf("loadgen: Poisson load %.0f%% of the measured capacity%n", 100 * u);
            LoadResult r = fleet.measure(spec, e.layout());
            GammaApproximation w = GammaApproximation.of(new MG1Queue(u / b.mean(), b));
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("utilization", u);
            row.put("offeredMsgsPerSecond", u * capacity);
            row.put("measuredLatencyMicros", r.latencyMicros());
            row.put("predictedWaitingP50Micros", 1e6 * w.quantile(0.5));
            double p99 = w.quantile(0.99);
            row.put("predictedWaitingP99Micros", 1e6 * p99);
            row.put("predictedServiceMeanMicros", 1e6 * b.mean());
            row.put("measuredServiceMeanMicros", 1e6 * b.mean() * measuredOverProfile);
            row.put("predictedWaitingP99MicrosAtMeasuredServiceTime", 1e6 * p99 * measuredOverProfile);
            row.put("valid", r.valid());
            row.put("validityProblems", r.validityProblems());
            rows.add(row);
        }
        return rows;
    }

    /**
     * Subscribers go to the columns in turn and the first round(E[R]) of them match every message, so the
     * matching ones split evenly only when l divides their number; otherwise the busiest broker dispatches
     * more copies than the model's E[R]/l (uniform interest) and the measurement says so.
     */
    static Optional<String> unevenDispatch(LayoutEvaluation e, SelectorDesign design) {
        int l = e.layout().subscriberGroups();
        if (design.r() % l == 0) {
            return Optional.empty();
        }
        return Optional.of(String.format("the %d matching subscribers do not split evenly over %d columns: the busiest "
                + "broker dispatches %d copies where the model has %.2f", design.r(), l, (design.r() + l - 1) / l,
                (double) design.r() / l));
    }

    /** The --latency-at fractions; none when it is blank. */
    private List<Double> latencyLoads() {
        if (latencyAt == null || latencyAt.isBlank()) {
            return List.of();
        }
        List<Double> loads = new ArrayList<>();
        for (String part : latencyAt.split(",")) {
            double u;
            try {
                u = Double.parseDouble(part.trim());
            } catch (NumberFormatException e) {
                u = Double.NaN;
            }
            if (!(u > 0 && u < 1)) {
                throw new IllegalArgumentException(
                        "--latency-at: each load is a fraction of the capacity in (0, 1), got '" + part.trim() + "'");
            }
            loads.add(u);
        }
        return loads;
    }

    private ServiceTimeProfile profile(PubSubTopology topology) throws Exception {
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
