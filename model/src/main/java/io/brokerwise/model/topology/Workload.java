package io.brokerwise.model.topology;

import io.brokerwise.model.replication.ReplicationGrade;
import io.brokerwise.model.replication.ReplicationGradeDistribution;
import io.brokerwise.model.service.FilterSet;

/**
 * A publish/subscribe workload: n publishers at a rate each, m subscribers with n_fltr filters of
 * n_cmp components each, and E[R], the subscribers a message reaches on average. {@code distinctFilters}
 * is how many of all filters differ (only eq. 4.10 cares); NaN means all differ. {@code messageSizeBytes}
 * is what a profile's per-byte times charge. A topic of many may have no subscribers yet (m = 0): its messages are
 * received and dispatched to no one.
 */
public record Workload(long publishers, double ratePerPublisher, long subscribers, int filtersPerSubscriber,
                       int filterComponents, double meanReplicationGrade,
                       ReplicationGradeDistribution distribution, double distinctFilters, int messageSizeBytes) {

    /** The size a manifest that gives none declares (spec.workload.messageSizeBytes). */
    public static final int DEFAULT_MESSAGE_BYTES = 1024;

    public Workload {
        if (publishers < 1 || subscribers < 0) {
            throw new IllegalArgumentException("need at least one publisher, and subscribers >= 0");
        }
        if (!(ratePerPublisher > 0) || Double.isInfinite(ratePerPublisher)) {
            throw new IllegalArgumentException("rate per publisher must be positive, got " + ratePerPublisher);
        }
        if (filtersPerSubscriber < 0 || filterComponents < 1) {
            throw new IllegalArgumentException("filters per subscriber must be >= 0 and components >= 1");
        }
        if (!(meanReplicationGrade >= 0) || meanReplicationGrade > maxReplicationGrade(subscribers, filtersPerSubscriber)) {
            throw new IllegalArgumentException("mean replication grade must be in [0, "
                    + maxReplicationGrade(subscribers, filtersPerSubscriber) + "], got " + meanReplicationGrade);
        }
        if (messageSizeBytes < 1) {
            throw new IllegalArgumentException("message size must be at least 1 byte, got " + messageSizeBytes);
        }
    }

    /** A workload of messages of the default size. */
    public Workload(long publishers, double ratePerPublisher, long subscribers, int filtersPerSubscriber,
                    int filterComponents, double meanReplicationGrade, ReplicationGradeDistribution distribution,
                    double distinctFilters) {
        this(publishers, ratePerPublisher, subscribers, filtersPerSubscriber, filterComponents, meanReplicationGrade,
                distribution, distinctFilters, DEFAULT_MESSAGE_BYTES);
    }

    /** A workload of simple, all-different filters with a binomial replication grade (sec. 5.2.3's choice). */
    public static Workload of(long publishers, double rate, long subscribers, int filters, double meanReplicationGrade) {
        return new Workload(publishers, rate, subscribers, filters, 1, meanReplicationGrade,
                ReplicationGradeDistribution.BINOMIAL, Double.NaN);
    }

    /** A subscriber without filters receives every message; with filters, each filter may match once. */
    public static double maxReplicationGrade(long subscribers, int filtersPerSubscriber) {
        return (double) subscribers * Math.max(1, filtersPerSubscriber);
    }

    /** The same workload with messages of another size. */
    public Workload withMessageSize(int bytes) {
        return new Workload(publishers, ratePerPublisher, subscribers, filtersPerSubscriber, filterComponents,
                meanReplicationGrade, distribution, distinctFilters, bytes);
    }

    /** The same subscribers and messages, from {@code n} publishers at {@code rate} each. */
    public Workload withPublishers(long n, double rate) {
        return new Workload(n, rate, subscribers, filtersPerSubscriber, filterComponents, meanReplicationGrade,
                distribution, distinctFilters, messageSizeBytes);
    }

    /** lambda = n * rate, msgs/s. */
    public double offeredLoad() {
        return publishers * ratePerPublisher;
    }

    /** p = E[R] / (m n_fltr): the probability that one filter matches a message (docs/models.md sec. 7). */
    public double matchProbability() {
        return subscribers == 0 ? 0 : meanReplicationGrade / ((double) subscribers * filtersPerSubscriber);
    }

    /** The filters on a broker that serves {@code brokerSubscribers} subscribers. */
    public FilterSet filtersAt(long brokerSubscribers) {
        double count = (double) brokerSubscribers * filtersPerSubscriber;
        double distinct = Double.isNaN(distinctFilters) ? count : Math.min(count, distinctFilters);
        return new FilterSet(count, distinct, filterComponents);
    }

    /**
     * The subscriptions a broker serving {@code brokerSubscribers} subscribers holds: one selector per filter,
     * or one subscription without a selector for a subscriber without filters (as the client library and the load
     * generator register them).
     */
    public long subscriptionsAt(long brokerSubscribers) {
        return brokerSubscribers * Math.max(1, filtersPerSubscriber);
    }

    /**
     * R at a broker serving {@code brokerSubscribers} subscribers: mean {@code E[R] m_b / m} under
     * uniform interest, distributed like R over that broker's filters. Without filters every
     * subscriber gets every message, so R is exactly m_b.
     */
    public ReplicationGrade replicationAt(long brokerSubscribers) {
        if (filtersPerSubscriber == 0 || brokerSubscribers == 0) {
            return ReplicationGrade.deterministic(brokerSubscribers);
        }
        return distribution.of(filtersAt(brokerSubscribers).count(), matchProbability());
    }
}
