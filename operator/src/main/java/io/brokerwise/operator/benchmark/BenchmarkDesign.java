package io.brokerwise.operator.benchmark;

import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BenchmarkRunSpec;
import io.brokerwise.api.v1alpha1.PubSubTopologySpec;
import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.measure.contract.BenchmarkPlan;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SaturatedLoad;
import io.brokerwise.model.Durations;
import io.brokerwise.model.queue.GammaApproximation;
import io.brokerwise.model.queue.MG1Queue;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.model.topology.LayoutEvaluation;
import io.brokerwise.model.topology.TopologyEvaluator;
import io.brokerwise.model.topology.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a BenchmarkRun measures and what the model predicts for it, from the run, its topology's spec, the
 * profile and the layout that runs. Pure: the reconciler feeds it, tests call it directly.
 *
 * <p>The load is {@link SaturatedLoad}'s, the one recipe {@code brokerwise-bench run --topology} measures a
 * topology's brokers with from a host too. Each point lasts {@code duration}: {@code warmup}, then the measurement
 * window, then {@code warmup} again as cool-down. Saturate measures its point {@code repeats} times, one run after
 * the other.
 */
public record BenchmarkDesign(BenchmarkPlan plan, Layout layout, List<Prediction> predictions) {

    /** Subscribers one benchmark may open: beyond this, measure a scaled-down workload (spec.workload). */
    static final int MAX_FILTERS = 2_000;
    /**
     * Time for the client pods to start and register their subscriptions before the first point. Several pods
     * share one schedule and must all be ready by then; a single pod starts each point once it is ready.
     */
    static final Duration START_DELAY = Duration.ofSeconds(30);
    static final Duration SINGLE_CLIENT_START_DELAY = Duration.ofSeconds(5);

    /**
     * The model's figure for one point: saturated capacity at full utilization (msgs/s over all publishers)
     * and, for Rate, the offered load and the Gamma-approximation's 99th percentile of the waiting time.
     */
    public record Prediction(Double load, double saturatedRate, double offeredRate, Double waitingP99Seconds) {
    }

    /** A run that cannot be designed: {@code reason} is a condition reason. */
    public static final class Refused extends Exception {
        final String reason;

        Refused(String reason, String message) {
            super(message);
            this.reason = reason;
        }
    }

    public static BenchmarkDesign of(BenchmarkRun run, PubSubTopologySpec topology, ServiceTimeProfile profile,
                                     Layout layout, long nowMillis) throws Refused {
        BenchmarkRunSpec spec = run.getSpec();
        if (topology.workload == null) {
            throw new Refused("TopicsNotMeasured", "a BenchmarkRun measures the one topic of a topology's "
                    + "spec.workload; this topology declares spec.topics, which is not measured yet");
        }
        PubSubTopologySpec measured = withWorkload(topology, spec);
        // the name only labels the one topic measured
        PlanningInput input = PlanningInput.from(measured, run.getMetadata().getName());
        LayoutEvaluation e = new TopologyEvaluator(input.workload(), profile, input.objectives(), input.limits())
                .evaluate(layout);
        double saturated = e.capacity() / input.objectives().maxUtilization();
        LoadSpec saturate = saturatedLoad(spec, measured, input.workload(), layout);
        List<LoadSpec> points = new ArrayList<>();
        List<Prediction> predictions = new ArrayList<>();
        if (spec.mode == BenchmarkRunSpec.Mode.Rate) {
            for (double u : spec.loadPoints) {
                points.add(saturate.poissonAt(u * saturated / saturate.publishers()));
                predictions.add(new Prediction(u, saturated, u * saturated, waitingP99(e, u)));
            }
        } else {
            // the same saturated point spec.repeats times: the verdict judges their interval, not one run
            for (int i = 0; i < spec.repeats; i++) {
                points.add(saturate);
                predictions.add(new Prediction(null, saturated, saturated, null));
            }
        }
        return new BenchmarkDesign(plan(spec, points, nowMillis), layout, predictions);
    }

    /** The points on a schedule that leaves the run's client pods time to start. */
    static BenchmarkPlan plan(BenchmarkRunSpec spec, List<LoadSpec> points, long nowMillis) {
        Duration delay = spec.clients.replicas == 1 ? SINGLE_CLIENT_START_DELAY : START_DELAY;
        return new BenchmarkPlan(nowMillis + delay.toMillis(), points, spec.clients.replicas,
                BrokerConfiguration.METRICS_PORT);
    }

    private static LoadSpec saturatedLoad(BenchmarkRunSpec spec, PubSubTopologySpec measured, Workload w, Layout layout)
            throws Refused {
        long filters = SaturatedLoad.filters(w);
        if (filters > MAX_FILTERS) {
            throw new Refused("WorkloadTooLarge", filters + " filters (subscribers x filtersPerSubscriber) are more "
                    + "than one benchmark opens (" + MAX_FILTERS + "): set spec.workload to a scaled-down workload");
        }
        Duration warmup = Durations.parse(spec.warmup);
        Duration window = Durations.parse(spec.duration).minus(warmup).minus(warmup);
        return SaturatedLoad.of(w, layout.publisherGroups(), measured.workload.persistent(),
                measured.workload.filtersOnCorrelationId()).over(warmup, window, warmup, Long.MAX_VALUE, 1);
    }

    private static double waitingP99(LayoutEvaluation e, double utilization) {
        var b = e.serviceTime();
        return GammaApproximation.of(new MG1Queue(utilization / b.mean(), b)).quantile(0.99);
    }

    /** The topology's spec with the run's workload, if it brings one. */
    private static PubSubTopologySpec withWorkload(PubSubTopologySpec topology, BenchmarkRunSpec run) {
        if (run.workload == null) {
            return topology;
        }
        PubSubTopologySpec copy = new PubSubTopologySpec();
        copy.workload = run.workload;
        copy.profileRef = topology.profileRef;
        copy.objectives = topology.objectives;
        copy.topology = topology.topology;
        copy.placement = topology.placement;
        copy.broker = topology.broker;
        copy.approval = topology.approval;
        return copy;
    }
}
