package io.brokerwise.model.topology;

import io.brokerwise.model.queue.MG1Queue;
import io.brokerwise.model.replication.ReplicationGrade;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTime;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.constraint.PlanConstraint;
import java.util.List;

/**
 * Evaluates k x l layouts of one workload on one broker profile (docs/models.md sec. 7): the most loaded
 * broker has ceil(n/k) publishers and ceil(m/l) subscribers; it is an M/GI/1 queue whose waiting time
 * comes from the Gamma-approximation, on the service time of Poisson arrivals where the profile has one.
 * {@link #violation} is the planner's fast path: it stops at the first broken constraint and never inverts a
 * distribution.
 */
public final class TopologyEvaluator {

    private final Workload workload;
    private final ServiceTimeProfile profile;
    private final Objectives objectives;
    private final Limits limits;
    private final List<PlanConstraint> constraints;
    private final double networkPerBroker;

    public TopologyEvaluator(Workload workload, ServiceTimeProfile profile, Objectives objectives, Limits limits) {
        this.workload = workload;
        this.profile = profile.atMessageSize(workload.messageSizeBytes());
        this.objectives = objectives;
        this.limits = limits;
        this.constraints = PlanConstraint.inPriorityOrder(objectives, limits);
        this.networkPerBroker = limits.networkPerBroker(profile.parameters().networkBitsPerSecond());
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
    public PlanConstraint violation(Layout layout) {
        return violation(load(layout));
    }

    public boolean feasible(Layout layout) {
        return violation(layout) == null;
    }

    /** Every figure of the layout, with the reason it is infeasible if it is. */
    public LayoutEvaluation evaluate(Layout layout) {
        BrokerLoad load = load(layout);
        MG1Queue queue = load.queue();
        PlanConstraint violated = violation(load);
        return new LayoutEvaluation(layout, load.publishers(), load.subscribers(),
                workload.filtersAt(load.subscribers()).count(), workload.offeredLoad(), queue.arrivalRate(),
                capacity(load), load.utilization(), queue.serviceTime(), load.waitingQueue().serviceTime(),
                load.waitingMean(), load.quantileLevel(),
                load.waitingQuantile(), load.latencyFloorSeconds(), load.endToEndQuantile(), load.connections(),
                load.subscriptions(), load.recoverySeconds(),
                layout.subscriberGroups() + workload.meanReplicationGrade(), load.ingressBitsPerSecond(),
                load.egressBitsPerSecond(), load.networkBitsPerSecond(), load.networkUtilization(),
                workload.ratePerPublisher() * layout.subscriberGroups() * messageBits(), violated,
                violated == null ? null : violated.violation(load));
    }

    /** The layout's most loaded broker. */
    public BrokerLoad load(Layout layout) {
        long nb = publishersPerBroker(layout);
        long mb = subscribersPerBroker(layout);
        ReplicationGrade grade = workload.replicationAt(mb);
        MG1Queue queue = queue(nb, mb, grade);
        double ingress = queue.arrivalRate() * messageBits();
        ProfileParameters p = profile.parameters();
        return new BrokerLoad(layout, nb, mb, queue, waitingQueue(queue), objectives.waitingQuantile(),
                p.latencyFloorSeconds(), new BrokerLoad.Recovery(workload.subscriptionsAt(mb), p.registrationSeconds()),
                ingress, ingress * grade.mean(), networkPerBroker);
    }

    /**
     * The offered load at which the most loaded broker reaches the utilization cap, in msgs/s published:
     * {@code rho_max / E[B_b] * n / n_b}, eq. 5.48 when k = n.
     */
    public double capacity(Layout layout) {
        return capacity(load(layout));
    }

    private double capacity(BrokerLoad load) {
        return objectives.maxUtilization() / load.queue().serviceTime().mean() * workload.publishers() / load.publishers();
    }

    /**
     * The fewest publisher groups any layout could have under the utilization cap: E[B] only falls as
     * l grows, so with the smallest subscriber group the search allows no l does better. The planner
     * uses it to stop early.
     */
    public int publisherGroupsFloor(int maxSubscriberGroups) {
        long mb = subscribersPerBroker(new Layout(1, maxSubscriberGroups));
        double bestService = queue(1, mb, workload.replicationAt(mb)).serviceTime().mean();
        double maxArrival = objectives.maxUtilization() / bestService;
        long publishersPerBroker = (long) Math.floor(maxArrival / workload.ratePerPublisher());
        return publishersPerBroker < 1 ? Integer.MAX_VALUE
                : (int) Math.min(Integer.MAX_VALUE, ceilDiv(workload.publishers(), publishersPerBroker));
    }

    /** How far a layout is from feasible: the largest ratio of a figure to its limit (1 or less is feasible). */
    public double excess(BrokerLoad load) {
        return constraints.stream().mapToDouble(c -> c.excess(load)).max().orElse(0);
    }

    /** The cheap part of {@link #excess}, the broker's load: no waiting-time quantile. */
    public double loadExcess(Layout layout) {
        BrokerLoad load = load(layout);
        return constraints.stream().filter(PlanConstraint::ranksLoad).mapToDouble(c -> c.excess(load)).max().orElse(0);
    }

    long publishersPerBroker(Layout layout) {
        return ceilDiv(workload.publishers(), layout.publisherGroups());
    }

    long subscribersPerBroker(Layout layout) {
        return ceilDiv(workload.subscribers(), layout.subscriberGroups());
    }

    private MG1Queue queue(long nb, long mb, ReplicationGrade grade) {
        ServiceTime b = profile.serviceTime(workload.filtersAt(mb), grade);
        return new MG1Queue(nb * workload.ratePerPublisher(), b);
    }

    /** The queue messages wait in: the same arrivals, the service time they cost under Poisson arrivals. */
    private MG1Queue waitingQueue(MG1Queue saturated) {
        ServiceTime b = profile.underPoissonArrivals(saturated.serviceTime());
        return b == saturated.serviceTime() ? saturated : new MG1Queue(saturated.arrivalRate(), b);
    }

    private double messageBits() {
        return 8.0 * workload.messageSizeBytes();
    }

    private PlanConstraint violation(BrokerLoad load) {
        for (PlanConstraint c : constraints) {
            if (c.violatedBy(load)) {
                return c;
            }
        }
        return null;
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
