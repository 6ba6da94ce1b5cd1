package io.brokerwise.benchmarks.verification;

import io.brokerwise.benchmarks.local.LocalFleet;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.model.queue.GammaApproximation;
import io.brokerwise.model.queue.MG1Queue;
import io.brokerwise.model.service.ServiceTime;
import io.brokerwise.model.topology.LayoutEvaluation;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Poisson runs at fractions u of a layout's measured capacity: measured end-to-end latency (send to delivery:
 * waiting, service, network and client) next to the Gamma-approximation's waiting time at utilization u for the
 * most loaded broker's service time under Poisson arrivals, and the predicted end-to-end p99, the profile's latency
 * floor plus that waiting time (docs/models.md sec. 3). The lowest u has next to no queueing, so the growth of the measured latency
 * over it is what compares with the predicted waiting time. At a fixed utilization the waiting time scales with
 * the mean service time, so the prediction is also given at the mean service time the measured capacity implies
 * ({@code predicted / measured} times the profile's).
 *
 * @param loads  the fractions u, each in (0, 1); none measures nothing
 * @param warmup before each run
 */
public record LatencyProbe(List<Double> loads, Duration warmup) {

    /**
     * @param saturated         the layout's saturated load, which each run makes Poisson
     * @param capacity          the layout's measured capacity, msgs/s
     * @param predictedCapacity its predicted capacity at full utilization, msgs/s
     */
    List<LatencyAtLoad> measure(LocalFleet fleet, LayoutEvaluation e, LoadSpec saturated, double capacity,
                                double predictedCapacity, PrintStream progress) throws Exception {
        List<LatencyAtLoad> rows = new ArrayList<>();
        ServiceTime b = e.serviceTime();
        double measuredOverProfile = predictedCapacity / capacity;
        LoadSpec warming = saturated.warmingUpFor(warmup);
        for (double u : loads) {
            progress.printf("loadgen: Poisson load %.0f%% of the measured capacity%n", 100 * u);
            LoadResult r = fleet.measure(warming.poissonAt(u * capacity / warming.publishers()), e.layout());
            // at utilization u of the saturated B, messages wait behind the service time of Poisson arrivals
            MG1Queue queue = new MG1Queue(u / b.mean(), e.waitingServiceTime());
            double p50 = queue.stable() ? GammaApproximation.of(queue).quantile(0.5) : Double.POSITIVE_INFINITY;
            double p99 = queue.stable() ? GammaApproximation.of(queue).quantile(0.99) : Double.POSITIVE_INFINITY;
            double floor = e.latencyFloorSeconds();
            rows.add(new LatencyAtLoad(u, u * capacity, r.latencyMicros(), 1e6 * p50, 1e6 * p99,
                    1e6 * b.mean(), 1e6 * b.mean() * measuredOverProfile, 1e6 * p99 * measuredOverProfile,
                    1e6 * (floor + p99), 1e6 * (floor + p99 * measuredOverProfile), r.valid(), r.validityProblems()));
        }
        return rows;
    }
}
