package io.brokerwise.measure.queues;

import java.util.List;

/**
 * What a {@link QueueLoadRun} measured: the rate its consumers took messages at in the window, what was sent against
 * what arrived over the whole run, and each replica's clients and its broker's CPU over the window.
 *
 * @param consumedPerSecond messages taken per second in the window, all consumers together
 * @param lost              sent but never consumed (after the drain)
 * @param duplicates        consumed more than once
 * @param replicas          per replica, in the map's order
 */
public record QueueLoadResult(QueueLoad.Placement placement, int producers, int consumers, long sent, long consumed, double consumedPerSecond,
                              long lost, long duplicates, double clientCpu, List<Replica> replicas) {

    /**
     * @param producers  producers attached to it
     * @param consumers  consumers attached to it
     * @param brokerCpu  its broker's share of its CPU limit over the window
     */
    public record Replica(String address, int producers, int consumers, double brokerCpu) {
    }
}
