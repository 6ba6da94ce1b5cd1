package io.brokerwise.model.topology;

import io.brokerwise.model.service.ServiceTime;

/**
 * A replicated queue's busiest replica on the layout's most loaded broker (docs/models.md sec. 11 and 12). A
 * queue is planned on its own and its replicas go to the first brokers of the layout, so the broker that carries
 * the most of every topic may carry a replica of every queue too: its arrivals and service time, its producers and
 * consumers, and its messages' size join that broker's, the same whatever the layout.
 */
public record QueueOnLayout(String name, double arrivalRate, ServiceTime serviceTime, long connections,
                            int messageSizeBytes) {

    /** rho = lambda E[B]: what the replica adds to the broker's utilization. */
    public double utilization() {
        return arrivalRate * serviceTime.mean();
    }
}
