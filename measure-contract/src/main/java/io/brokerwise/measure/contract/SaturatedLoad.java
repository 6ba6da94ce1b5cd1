package io.brokerwise.measure.contract;

import io.brokerwise.model.topology.Workload;
import java.time.Duration;

/**
 * The load that saturates a topology's brokers: what a BenchmarkRun's Job measures them with, and
 * {@code brokerwise-bench run --topology} from a host, so that the two measure the same load. The workload's filters
 * are the subscribers ({@link #subscribers}); {@value #PUBLISHERS_PER_ROW} publishers per publisher group, so that
 * every broker hears as many producers as a calibration's broker did; the workload's delivery mode and message size.
 *
 * @param publishers publishers in all, for a layout of {@code publishers / PUBLISHERS_PER_ROW} publisher groups
 */
public record SaturatedLoad(int publishers, boolean persistent, SelectorDesign design, int messageBytes) {

    public static final int PUBLISHERS_PER_ROW = 4;

    /**
     * @param publisherGroups        the k of the layout measured
     * @param persistent             whether the workload's messages are persistent (a topic's subscribers are
     *                               non-durable, so nothing of it is journaled)
     * @param correlationIdFilters   whether the workload's filters test the JMS correlation ID, not an application
     *                               property
     */
    public static SaturatedLoad of(Workload workload, int publisherGroups, boolean persistent,
                                   boolean correlationIdFilters) {
        return new SaturatedLoad(PUBLISHERS_PER_ROW * publisherGroups, persistent,
                subscribers(workload, correlationIdFilters), workload.messageSizeBytes());
    }

    /** Subscribers times filters per subscriber, a subscriber without filters counting once: the consumers measured. */
    public static long filters(Workload workload) {
        return workload.subscribers() * (long) Math.max(1, workload.filtersPerSubscriber());
    }

    /**
     * The workload's filters as measured subscribers: one consumer per filter, round(E[R]) of them matching every
     * message ({@link SelectorDesign#forWorkload}).
     */
    public static SelectorDesign subscribers(Workload workload, boolean correlationIdFilters) {
        long filters = filters(workload);
        if (filters > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(filters + " filters (subscribers x filtersPerSubscriber) are more "
                    + "consumers than one load opens");
        }
        SelectorDesign.Kind kind = correlationIdFilters ? SelectorDesign.Kind.correlation : SelectorDesign.Kind.property;
        return SelectorDesign.forWorkload((int) filters, workload.meanReplicationGrade(), kind,
                workload.filterComponents());
    }

    /** This load as fast as flow control allows, over these phases. */
    public LoadSpec over(Duration warmup, Duration measure, Duration cooldown, long maxMessagesPerPublisher, long seed) {
        return new LoadSpec(publishers, LoadSpec.Mode.saturate, 0, persistent, false, design, messageBytes, warmup,
                measure, cooldown, maxMessagesPerPublisher, seed);
    }
}
