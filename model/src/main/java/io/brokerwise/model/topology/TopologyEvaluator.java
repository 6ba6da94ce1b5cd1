package io.brokerwise.model.topology;

import io.brokerwise.model.queue.GammaApproximation;
import io.brokerwise.model.queue.MG1Queue;
import io.brokerwise.model.service.BrokerProfile;
import io.brokerwise.model.service.ServiceTime;

/**
 * Evaluates k x l layouts of one workload on one broker profile (docs/models.md sec. 7): the most loaded
 * broker has ceil(n/k) publishers and ceil(m/l) subscribers; it is an M/GI/1 queue whose waiting time
 * comes from the Gamma-approximation. {@link #violation} is the planner's fast path: it stops at the
 * first broken constraint and never inverts a distribution.
 */
public final class TopologyEvaluator {

    private final Workload workload;
    private final BrokerProfile profile;
    private final Objectives objectives;
    private final Limits limits;

    public TopologyEvaluator(Workload workload, BrokerProfile profile, Objectives objectives, Limits limits) {
        this.workload = workload;
        this.profile = profile;
        this.objectives = objectives;
        this.limits = limits;
    }

    public Workload workload() {
        return workload;
    }

    public Objectives objectives() {
        return objectives;
    }

    public Limits limits() {
        return limits;
    }

    /** The first constraint the layout breaks, or null when it is feasible. */
    public Constraint violation(Layout layout) {
        if (layout.brokers() > limits.maxBrokers()) {
            return Constraint.MAX_BROKERS;
        }
        long nb = publishersPerBroker(layout);
        long mb = subscribersPerBroker(layout);
        if (nb + mb > limits.maxConnectionsPerBroker()) {
            return Constraint.CONNECTIONS;
        }
        MG1Queue queue = queue(nb, mb);
        if (queue.utilization() > objectives.maxUtilization()) {
            return Constraint.UTILIZATION;
        }
        if (objectives.boundsWaitingTime()
                && GammaApproximation.of(queue).ccdf(objectives.maxWaitingSeconds()) > 1 - objectives.waitingQuantile()) {
            return Constraint.WAITING_TIME;
        }
        return null;
    }

    public boolean feasible(Layout layout) {
        return violation(layout) == null;
    }

    /** Every figure of the layout, with the reason it is infeasible if it is. */
    public LayoutEvaluation evaluate(Layout layout) {
        long nb = publishersPerBroker(layout);
        long mb = subscribersPerBroker(layout);
        MG1Queue queue = queue(nb, mb);
        ServiceTime b = queue.serviceTime();
        double rho = queue.utilization();
        double level = objectives.waitingQuantile();
        double mean = Double.POSITIVE_INFINITY;
        double quantile = Double.POSITIVE_INFINITY;
        if (queue.stable()) {
            GammaApproximation w = GammaApproximation.of(queue);
            mean = w.mean();
            quantile = w.quantile(level);
        }
        double capacity = capacity(layout);
        Constraint violated = violation(layout);
        return new LayoutEvaluation(layout, nb, mb, workload.filtersAt(mb).count(), workload.offeredLoad(),
                queue.arrivalRate(), capacity, rho, b, mean, level, quantile, nb + mb,
                layout.subscriberGroups() + workload.meanReplicationGrade(), violated,
                violated == null ? null : explain(violated, layout, nb + mb, rho, quantile));
    }

    /**
     * The offered load at which the most loaded broker reaches the utilization cap, in msgs/s published:
     * {@code rho_max / E[B_b] * n / n_b}, eq. 5.48 when k = n.
     */
    public double capacity(Layout layout) {
        long nb = publishersPerBroker(layout);
        return objectives.maxUtilization() / queue(nb, subscribersPerBroker(layout)).serviceTime().mean()
                * workload.publishers() / nb;
    }

    /**
     * The fewest publisher groups any layout could have under the utilization cap: E[B] only falls as
     * l grows, so with the smallest subscriber group the search allows no l does better. The planner
     * uses it to stop early.
     */
    public int publisherGroupsFloor(int maxSubscriberGroups) {
        double bestService = queue(1, subscribersPerBroker(new Layout(1, maxSubscriberGroups))).serviceTime().mean();
        double maxArrival = objectives.maxUtilization() / bestService;
        long publishersPerBroker = (long) Math.floor(maxArrival / workload.ratePerPublisher());
        return publishersPerBroker < 1 ? Integer.MAX_VALUE
                : (int) Math.min(Integer.MAX_VALUE, ceilDiv(workload.publishers(), publishersPerBroker));
    }

    /** How far a layout is from feasible: the largest ratio of a figure to its limit (1 or less is feasible). */
    public double excess(LayoutEvaluation e) {
        double worst = Math.max(e.utilization() / objectives.maxUtilization(),
                (double) e.connectionsPerBroker() / limits.maxConnectionsPerBroker());
        if (objectives.boundsWaitingTime()) {
            worst = Math.max(worst, e.waitingQuantile() / objectives.maxWaitingSeconds());
        }
        return Math.max(worst, (double) e.brokers() / limits.maxBrokers());
    }

    /** The cheap part of {@link #excess}: utilization and connections, no waiting-time quantile. */
    public double loadExcess(Layout layout) {
        long nb = publishersPerBroker(layout);
        long mb = subscribersPerBroker(layout);
        return Math.max(queue(nb, mb).utilization() / objectives.maxUtilization(),
                (double) (nb + mb) / limits.maxConnectionsPerBroker());
    }

    long publishersPerBroker(Layout layout) {
        return ceilDiv(workload.publishers(), layout.publisherGroups());
    }

    long subscribersPerBroker(Layout layout) {
        return ceilDiv(workload.subscribers(), layout.subscriberGroups());
    }

    private MG1Queue queue(long nb, long mb) {
        ServiceTime b = profile.serviceTime(workload.filtersAt(mb), workload.replicationAt(mb));
        return new MG1Queue(nb * workload.ratePerPublisher(), b);
    }

    private String explain(Constraint c, Layout layout, long connections, double rho, double quantile) {
        return switch (c) {
            case MAX_BROKERS -> "needs " + layout.brokers() + " brokers, at most " + limits.maxBrokers() + " available";
            case CONNECTIONS -> connections + " connections per broker exceed the limit of "
                    + limits.maxConnectionsPerBroker();
            case UTILIZATION -> String.format("utilization %.3f exceeds the cap %.3f", rho, objectives.maxUtilization());
            case WAITING_TIME -> String.format("%s waiting-time quantile %s exceeds %s",
                    Format.percent(objectives.waitingQuantile()), Format.seconds(quantile),
                    Format.seconds(objectives.maxWaitingSeconds()));
        };
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
