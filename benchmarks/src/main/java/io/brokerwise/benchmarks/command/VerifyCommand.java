package io.brokerwise.benchmarks.command;

import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.benchmarks.local.BrokerNode;
import io.brokerwise.benchmarks.report.JsonResult;
import io.brokerwise.benchmarks.verification.LatencyProbe;
import io.brokerwise.benchmarks.verification.LayoutRuns;
import io.brokerwise.benchmarks.verification.LayoutVerdict;
import io.brokerwise.benchmarks.verification.LocalPlacement;
import io.brokerwise.benchmarks.verification.ReferencePoint;
import io.brokerwise.benchmarks.verification.SharedLayoutPlan;
import io.brokerwise.benchmarks.verification.SharedLayoutRound;
import io.brokerwise.benchmarks.verification.SharedLayoutRounds;
import io.brokerwise.benchmarks.verification.SharedLayoutVerdict;
import io.brokerwise.benchmarks.verification.VerdictTable;
import io.brokerwise.benchmarks.verification.Verdicts;
import io.brokerwise.benchmarks.verification.VerificationPlan;
import io.brokerwise.benchmarks.verification.VerificationRounds;
import io.brokerwise.model.Durations;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code brokerwise-bench verify}: plans a PubSubTopology ({@link VerificationPlan}), places each layout's load on
 * local brokers ({@link LocalPlacement}), measures the planned layout and the rejected alternatives that fit here in
 * interleaved rounds ({@link VerificationRounds}), whole or, with {@code --isolate}, one distinct cell at a time
 * ({@link io.brokerwise.benchmarks.verification.IsolatedCells}), judges each layout's runs against the model's prediction at full
 * utilization by their 95% interval, rescaled by a reference point when there is one ({@link Verdicts}), and prints
 * the verdicts ({@link VerdictTable}, and JSON).
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Measure the planned layout and its alternatives on local brokers against the prediction.")
final class VerifyCommand implements Callable<Integer> {

    private static final String DEFAULT_LATENCY_AT = "0.1,0.5,0.7,0.9";
    private static final int DEFAULT_ALTERNATIVES = 2;
    /** Whole layouts this machine's two cores run at once, as 0.25-core brokers beside the load generator. */
    private static final int WHOLE_LAYOUT_BROKERS = 4;

    @Option(names = {"-f", "--filename"}, required = true, description = "the PubSubTopology manifest")
    Path topologyFile;
    @Option(names = "--profile-file", description = "a ServiceTimeProfile manifest named by spec.profileRef (else built-in)")
    Path profileFile;
    @Option(names = "--max-brokers", description = "local brokers at most: 4 by default (2 cores here); with "
            + "--isolate, which runs one broker at a time, the topology's spec.placement.maxBrokers alone by default")
    Integer maxBrokers;
    @Option(names = "--alternatives", description = "rejected layouts to measure as well (default: 2; none for a "
            + "topology of spec.topics, whose planned layout alone is measured)")
    Integer alternatives;
    @Mixin
    BrokerOptions brokers = new BrokerOptions();
    @Option(names = "--warmup", defaultValue = "30s",
            description = "warm-up of each layout on the brokers started for it (at 0.25 cores a broker needs minutes)")
    String warmup;
    @Option(names = "--latency-warmup", defaultValue = "10s", description = "warm-up before each Poisson run")
    String latencyWarmup;
    @Option(names = "--measure", defaultValue = "15s")
    String measure;
    @Option(names = "--latency-at",
            description = "Poisson loads, as fractions of the planned layout's measured capacity, at which to measure "
                    + "latency against the Gamma-approximation (the lowest serves as the no-queueing baseline); "
                    + "empty for none. Default: " + DEFAULT_LATENCY_AT + ", none with --isolate")
    String latencyAt;
    @Option(names = "--isolate",
            description = "measure each distinct cell of a layout alone on a broker of its own, with its row's "
                    + "publishers and its column's filters and matching subscribers; the layout's capacity is k rows "
                    + "of its slowest cell (the reference point, if any, follows every cell)")
    boolean isolate;
    @Option(names = "--reference-point", defaultValue = "",
            description = "r,m_add such as 1,160: a calibration point measured on every broker of each layout right "
                    + "after it, whose ratio to the profile's prediction rescales the layout's prediction to the "
                    + "machine's speed at that moment (RESULTS.md: on this machine it did not take the drift out); "
                    + "empty (the default) for none")
    String referencePoint;
    @Option(names = "--reference-warmup", defaultValue = "20s",
            description = "warm-up of each reference point (the brokers are warm from the layout it follows)")
    String referenceWarmup;
    @Option(names = "--repeats", defaultValue = "3",
            description = "saturated runs of each layout, interleaved (A, B, A, B) so that drift hits every layout "
                    + "alike; verdicts judge their 95%% interval (at least 2)")
    int repeats;
    @Option(names = "--tolerance", defaultValue = "0.15",
            description = "relative error of measured against predicted capacity that counts as a match")
    double tolerance;
    @Option(names = "--out", description = "write the JSON verdicts here as well")
    Path out;

    @Override
    public Integer call() throws Exception {
        checkVerdictOptions();
        LatencyProbe latency = new LatencyProbe(latencyLoads(), Durations.parse(latencyWarmup));
        Optional<ReferencePoint> reference = ReferencePoint.parse(referencePoint);
        BrokerNode node = brokers.node(); // checks the broker options before anything starts
        int localBrokers = localBrokers();
        PubSubTopology topology = BrokerwiseBench.read(topologyFile).one(PubSubTopology.class);
        if (!PlanningInput.of(topology).oneTopicForm()) {
            return verifyShared(topology, node, localBrokers);
        }
        VerificationPlan plan = VerificationPlan.of(topology, profiles(), localBrokers,
                alternatives == null ? DEFAULT_ALTERNATIVES : alternatives);
        if (plan.layouts().isEmpty()) {
            System.err.println("loadgen: no layout to measure: " + (localBrokers < Integer.MAX_VALUE
                    ? "none of at most " + localBrokers + " brokers" : "the plan has none") + " (see brokerwise plan)");
            return 3;
        }
        LocalPlacement placement = new LocalPlacement(brokers.load(), plan.design(), plan.messageBytes(),
                Durations.parse(warmup), Durations.parse(measure), Durations.parse(referenceWarmup));
        List<LayoutRuns> runs = plan.layoutRuns();
        new VerificationRounds(placement, node, brokers.workDir("brokerwise-verify"), reference, latency, isolate)
                .run(runs, repeats, System.err);
        List<LayoutVerdict> verdicts = Verdicts.judge(plan, placement, runs, tolerance, reference);
        VerdictTable.print(verdicts, System.err);
        JsonResult.emit(verdicts, out);
        return 0;
    }

    /**
     * The topics of spec.topics measured together on the planned layout ({@link SharedLayoutRounds}), each round
     * judged at the mix it measured ({@link SharedLayoutVerdict}); what measures one topic's layout is refused.
     */
    private int verifyShared(PubSubTopology topology, BrokerNode node, int localBrokers) throws Exception {
        if (isolate || (alternatives != null && alternatives > 0) || (latencyAt != null && !latencyAt.isBlank())
                || !referencePoint.isBlank()) {
            throw new IllegalArgumentException("a topology of spec.topics is verified on its planned layout, its "
                    + "topics together: drop --isolate, --alternatives, --latency-at and --reference-point");
        }
        SharedLayoutPlan plan = SharedLayoutPlan.of(topology, profiles(), localBrokers);
        List<SharedLayoutRound> rounds = new SharedLayoutRounds(plan, brokers.load(), node,
                brokers.workDir("brokerwise-verify"), Durations.parse(warmup), Durations.parse(measure))
                .run(repeats, System.err);
        SharedLayoutVerdict verdict = SharedLayoutVerdict.judge(plan, rounds, tolerance);
        verdict.print(System.err);
        JsonResult.emit(verdict, out);
        return 0;
    }

    /** --max-brokers, or by default as many as run here at once; cells measured apart need one at a time. */
    int localBrokers() {
        return maxBrokers != null ? maxBrokers : isolate ? Integer.MAX_VALUE : WHOLE_LAYOUT_BROKERS;
    }

    private void checkVerdictOptions() {
        if (repeats < 2) {
            throw new IllegalArgumentException("--repeats must be at least 2: a 95% interval needs 2 runs of each "
                    + "layout, and 3 or more narrow it, got " + repeats);
        }
        if (!(tolerance > 0 && tolerance < 1)) {
            throw new IllegalArgumentException("--tolerance is a relative error in (0, 1), got " + tolerance);
        }
    }

    /** The --latency-at fractions; none when it is blank, and by default with --isolate. */
    private List<Double> latencyLoads() {
        if (isolate && latencyAt != null && !latencyAt.isBlank()) {
            throw new IllegalArgumentException("--latency-at measures a whole layout's latency and --isolate measures "
                    + "its cells apart: drop --latency-at, or drop --isolate to measure latency");
        }
        String loads = latencyAt != null ? latencyAt : isolate ? "" : DEFAULT_LATENCY_AT;
        if (loads.isBlank()) {
            return List.of();
        }
        List<Double> fractions = new ArrayList<>();
        for (String part : loads.split(",")) {
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
            fractions.add(u);
        }
        return fractions;
    }

    /** The BrokerProfiles of --profile-file, which the topology's profileRef may name. */
    private List<BrokerProfile> profiles() throws Exception {
        return profileFile == null ? List.of() : BrokerwiseBench.read(profileFile).all(BrokerProfile.class);
    }
}
