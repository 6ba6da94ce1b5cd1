package io.brokerwise.model.autoscaling;

import io.brokerwise.model.topology.Workload;
import java.time.Duration;
import java.time.Instant;

/**
 * The workload the brokers carried over one averaging window, undone from each broker's counters (every
 * broker of a row receives the row's messages, every broker of a column holds the column's subscriptions),
 * and the CPU the busiest of them used.
 *
 * @param publishers           publishers connected at the window's end
 * @param offeredRate          messages published per second over the window, all publishers together
 * @param subscribers          subscribers registered at the window's end
 * @param meanReplicationGrade E[R]: copies dispatched per message published
 * @param window               how long the counters ran between the two scrapes
 * @param at                   the end of the window
 * @param busiestCpuUtilization the highest share of its CPU limit any broker used over the window; NaN where
 *                             the brokers' kernel does not report CPU time
 */
public record ObservedLoad(long publishers, double offeredRate, long subscribers, double meanReplicationGrade,
                           Duration window, Instant at, double busiestCpuUtilization) {

    /**
     * The rate an idle topology is planned with: the model needs a positive rate, and any rate this small
     * fits the fewest brokers.
     */
    static final double IDLE_RATE = 1e-9;

    public ObservedLoad {
        if (publishers < 0 || subscribers < 0 || !(offeredRate >= 0) || !(meanReplicationGrade >= 0)) {
            throw new IllegalArgumentException("observed counts, rate and E[R] must not be negative");
        }
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("the observation window must be positive, got " + window);
        }
    }

    /**
     * The workload to plan with: the declared workload's filters and message size, with the observed publishers,
     * rate, subscribers and E[R]. Where the declared workload is a floor, each figure is at least the declared one,
     * so a quiet hour never shrinks the layout below what the manifest asks for.
     */
    public Workload asWorkload(Workload declared, boolean declaredIsFloor) {
        long n = Math.max(1, declaredIsFloor ? Math.max(publishers, declared.publishers()) : publishers);
        long m = Math.max(1, declaredIsFloor ? Math.max(subscribers, declared.subscribers()) : subscribers);
        double rate = declaredIsFloor ? Math.max(offeredRate, declared.offeredLoad()) : offeredRate;
        double grade = declaredIsFloor ? Math.max(meanReplicationGrade, declared.meanReplicationGrade())
                : meanReplicationGrade;
        double maxGrade = Workload.maxReplicationGrade(m, declared.filtersPerSubscriber());
        // without filters every subscriber gets every message, whatever the counters say
        double meanGrade = declared.filtersPerSubscriber() == 0 ? m : Math.min(grade, maxGrade);
        return new Workload(n, Math.max(rate, IDLE_RATE) / n, m, declared.filtersPerSubscriber(),
                declared.filterComponents(), meanGrade, declared.distribution(), declared.distinctFilters(),
                declared.messageSizeBytes());
    }
}
