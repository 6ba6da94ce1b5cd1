package io.brokerwise.model.replicatedqueue;

import io.brokerwise.model.queue.GammaApproximation;
import io.brokerwise.model.queue.MG1Queue;
import io.brokerwise.model.replication.ReplicationGrade;
import io.brokerwise.model.service.ServiceTime;
import io.brokerwise.model.service.ServiceTimeProfile;

/**
 * The busiest replica of a queue replicated k times (docs/models.md sec. 11). ElectQueue spreads producers and
 * consumers evenly, but a client stays on the replica it joined, so one replica has ceil(N/k) producers and
 * ceil(M/k) consumers: lambda/k and M/k exactly when k divides N and M. It is an M/GI/1 queue whose every message costs
 * one receive, its consumers' selectors and one dispatch: a topic broker with one matching subscriber, R = 1.
 * Utilization and capacity come from the saturated service time, waiting times from the one under Poisson arrivals,
 * as for a topic's brokers (sec. 3); the waiting times are infinite where the replica is overloaded.
 */
public record ReplicaLoad(int replicas, long producers, long consumers, double arrivalRate, ServiceTime serviceTime,
                          double waitingMean, double waitingQuantileLevel, double waitingQuantile) {

    /** Every message a queue dispatches goes to one consumer. */
    private static final ReplicationGrade ONE_CONSUMER = ReplicationGrade.deterministic(1);

    /** @param sized the profile at the queue's message size */
    static ReplicaLoad of(int replicas, QueueWorkload queue, ServiceTimeProfile sized, double quantileLevel) {
        long producers = ceilDiv(queue.producers(), replicas);
        long consumers = ceilDiv(queue.consumers(), replicas);
        ServiceTime b = sized.serviceTime(queue.selectorsAt(consumers), ONE_CONSUMER);
        MG1Queue waiting = new MG1Queue(producers * queue.ratePerProducer(), sized.underPoissonArrivals(b));
        if (!waiting.stable()) {
            return new ReplicaLoad(replicas, producers, consumers, waiting.arrivalRate(), b, Double.POSITIVE_INFINITY,
                    quantileLevel, Double.POSITIVE_INFINITY);
        }
        GammaApproximation w = GammaApproximation.of(waiting);
        return new ReplicaLoad(replicas, producers, consumers, waiting.arrivalRate(), b, w.mean(), quantileLevel,
                w.quantile(quantileLevel));
    }

    /** rho = lambda_i E[B], on the saturated service time. */
    public double utilization() {
        return arrivalRate * serviceTime.mean();
    }

    /** Messages per second the replica carries when fully busy, 1/E[B]. */
    public double capacity() {
        return 1 / serviceTime.mean();
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
