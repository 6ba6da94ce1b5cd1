package io.brokerwise.model.topology;

import io.brokerwise.model.queue.MG1Queue;
import io.brokerwise.model.replication.ReplicationGrade;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTime;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.constraint.PlanConstraint;
import io.brokerwise.model.topology.constraint.WaitingTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Evaluates k x l layouts of one or more topics on one broker profile (docs/models.md sec. 7): the most loaded
 * broker has ceil(n_i/k) publishers and ceil(m_i/l) subscribers of each topic i; it is one M/GI/1 queue whose
 * arrivals are all the topics' and whose service time is their mixture, weighted by their rates there
 * (docs/models.md sec. 12). Its waiting time comes from the Gamma-approximation on the service time of Poisson
 * arrivals where the profile has one. {@link #violation} is the planner's fast path: it stops at the first broken
 * constraint and never inverts a distribution.
 */
public final class TopologyEvaluator {

    private final List<Topic> topics;
    private final List<QueueOnLayout> queues;
    /** The queues' replicas' part of the most loaded broker's utilization, the same in every layout. */
    private final double queuesUtilization;
    private final String[] names;
    private final List<ServiceTimeProfile> sized;
    private final ServiceTimeProfile profile;
    private final Objectives objectives;
    private final Limits limits;
    private final List<PlanConstraint> constraints;
    private final double networkPerBroker;
    private final double topicSeconds;

    /** One topic, bound only by the objectives. */
    public TopologyEvaluator(Workload workload, ServiceTimeProfile profile, Objectives objectives, Limits limits) {
        this(List.of(Topic.of("topic", workload)), profile, objectives, limits);
    }

    public TopologyEvaluator(List<Topic> topics, ServiceTimeProfile profile, Objectives objectives, Limits limits) {
        this(topics, List.of(), profile, objectives, limits);
    }

    /** @param queues the replicated queues whose busiest replicas the most loaded broker carries beside the topics */
    public TopologyEvaluator(List<Topic> topics, List<QueueOnLayout> queues, ServiceTimeProfile profile,
                             Objectives objectives, Limits limits) {
        if (topics.isEmpty()) {
            throw new IllegalArgumentException("a layout carries at least one topic");
        }
        this.topics = List.copyOf(topics);
        this.queues = List.copyOf(queues);
        this.queuesUtilization = this.queues.stream().mapToDouble(QueueOnLayout::utilization).sum();
        this.names = Stream.concat(this.topics.stream().map(Topic::name), this.queues.stream().map(QueueOnLayout::name))
                .toArray(String[]::new);
        this.sized = this.topics.stream().map(t -> profile.atMessageSize(t.workload().messageSizeBytes())).toList();
        this.profile = profile;
        this.objectives = objectives;
        this.limits = limits;
        List<PlanConstraint> all = new ArrayList<>(PlanConstraint.inPriorityOrder(objectives, limits));
        this.topics.stream().filter(Topic::boundsWaitingTime)
                .forEach(t -> all.add(new WaitingTime(t.name(), objectives.waitingQuantile(), t.maxWaitingSeconds())));
        this.constraints = List.copyOf(all);
        this.networkPerBroker = limits.networkPerBroker(profile.parameters().networkBitsPerSecond());
        this.topicSeconds = profile.parameters().topicCost().secondsAt(this.topics.size());
    }

    /** The workload of a one-topic layout. */
    public Workload workload() {
        if (topics.size() != 1) {
            throw new IllegalStateException("a layout of " + topics.size() + " topics has no single workload");
        }
        return topics.get(0).workload();
    }

    /** The queues' replicas beside the topics; none for a layout of topics alone. */
    public List<QueueOnLayout> queues() {
        return queues;
    }

    public List<Topic> topics() {
        return topics;
    }

    public ServiceTimeProfile profile() {
        return profile;
    }

    public Objectives objectives() {
        return objectives;
    }

    public Limits limits() {
        return limits;
    }

    /** The most publishers of one topic: beyond as many publisher groups, no broker's load falls. */
    public long maxPublishers() {
        return topics.stream().mapToLong(t -> t.workload().publishers()).max().orElseThrow();
    }

    /** The most subscribers of one topic (at least 1): beyond as many subscriber groups, no broker's load falls. */
    public long maxSubscribers() {
        return Math.max(1, topics.stream().mapToLong(t -> t.workload().subscribers()).max().orElseThrow());
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
        return new LayoutEvaluation(layout, load.publishers(), load.subscribers(), filtersPerBroker(layout),
                offeredLoad(), queue.arrivalRate(), capacity(load), load.utilization(), queue.serviceTime(),
                load.waitingQueue().serviceTime(), load.waitingMean(), load.quantileLevel(), load.waitingQuantile(),
                load.latencyFloorSeconds(), load.endToEndQuantile(), load.connections(), load.subscriptions(),
                load.recoverySeconds(), layout.subscriberGroups() + meanReplicationGrade(), load.ingressBitsPerSecond(),
                load.egressBitsPerSecond(), load.networkBitsPerSecond(), load.networkUtilization(),
                publisherEgressBitsPerSecond(layout), violated, violated == null ? null : violated.violation(load),
                load.shares());
    }

    /** The layout's most loaded broker. */
    public BrokerLoad load(Layout layout) {
        int count = topics.size();
        double[] rates = new double[names.length];
        ServiceTime[] times = new ServiceTime[names.length];
        long publishers = 0;
        long subscribers = 0;
        long subscriptions = 0;
        double ingress = 0;
        double egress = 0;
        for (int i = 0; i < count; i++) {
            Workload w = topics.get(i).workload();
            long nb = ceilDiv(w.publishers(), layout.publisherGroups());
            long mb = ceilDiv(w.subscribers(), layout.subscriberGroups());
            ReplicationGrade grade = w.replicationAt(mb);
            ServiceTime b = serviceTime(i, mb, grade);
            rates[i] = nb * w.ratePerPublisher();
            times[i] = b;
            publishers += nb;
            subscribers += mb;
            subscriptions += w.subscriptionsAt(mb);
            double bits = rates[i] * messageBits(w);
            ingress += bits;
            egress += bits * grade.mean();
        }
        long queueConnections = 0;
        for (int q = 0; q < queues.size(); q++) {
            QueueOnLayout replica = queues.get(q);
            rates[count + q] = replica.arrivalRate();
            times[count + q] = replica.serviceTime();
            queueConnections += replica.connections();
            double bits = replica.arrivalRate() * 8.0 * replica.messageSizeBytes();
            ingress += bits;
            egress += bits; // each message goes to one consumer
        }
        MG1Queue queue = new MG1Queue(sum(rates), ServiceTime.mixture(rates, times));
        ProfileParameters p = profile.parameters();
        return new BrokerLoad(layout, publishers, subscribers, queueConnections, queue, waitingQueue(queue),
                objectives.waitingQuantile(), p.latencyFloorSeconds(),
                new BrokerLoad.Recovery(subscriptions, p.registrationSeconds()), ingress, egress, networkPerBroker,
                new BrokerLoad.Mix(names, rates, times, count));
    }

    /**
     * The offered load at which the most loaded broker reaches the utilization cap, in msgs/s published, every
     * topic's rate scaled alike and the queues' replicas as planned: {@code (rho_max - rho_queues) / rho_topics}
     * times the offered load; for one topic alone {@code rho_max / E[B_b] * n / n_b}, eq. 5.48 when k = n.
     */
    public double capacity(Layout layout) {
        return capacity(load(layout));
    }

    private double capacity(BrokerLoad load) {
        double topicsUtilization = load.utilization() - queuesUtilization;
        return Math.max(0, objectives.maxUtilization() - queuesUtilization) / topicsUtilization * offeredLoad();
    }

    /**
     * At most the fewest publisher groups any layout could have under the utilization cap: E[B] only falls as l
     * grows, so with the smallest subscriber group the search allows no l does better. The planner uses it to stop
     * early, so it must never exceed the truth. One topic: exactly, the most publishers one broker takes. Several: the
     * load without the ceilings, {@code sum n_i rate_i E[B_i] / k}, which the ceilings only raise; and none at all
     * when one publisher of each topic alone breaks the cap. The queues' replicas only add load, so leaving them out
     * keeps it a floor.
     */
    public int publisherGroupsFloor(int maxSubscriberGroups) {
        ServiceTime[] times = load(new Layout(1, maxSubscriberGroups)).mix().times();
        double cap = objectives.maxUtilization();
        if (topics.size() == 1) {
            long perBroker = (long) Math.floor(cap / times[0].mean() / workload().ratePerPublisher());
            return perBroker < 1 ? Integer.MAX_VALUE
                    : (int) Math.min(Integer.MAX_VALUE, ceilDiv(workload().publishers(), perBroker));
        }
        double onePublisherEach = 0;
        double all = 0;
        for (int i = 0; i < topics.size(); i++) { // the queues' replicas follow the topics in the mix
            Workload w = topics.get(i).workload();
            onePublisherEach += w.ratePerPublisher() * times[i].mean();
            all += w.offeredLoad() * times[i].mean();
        }
        // a hair below the quotient: the layout's own sum, in another order, may round to just under the cap
        return onePublisherEach > cap ? Integer.MAX_VALUE
                : (int) Math.min(Integer.MAX_VALUE, Math.max(1, (long) Math.ceil(all / cap * (1 - 1e-12))));
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

    /** lambda = the sum over topics of n * rate, msgs/s published. */
    public double offeredLoad() {
        return topics.stream().mapToDouble(t -> t.workload().offeredLoad()).sum();
    }

    /** Topic i's service time at a broker of {@code mb} of its subscribers, with what the number of topics costs. */
    private ServiceTime serviceTime(int i, long mb, ReplicationGrade grade) {
        Workload w = topics.get(i).workload();
        return sized.get(i).serviceTime(w.filtersAt(mb), grade).plus(topicSeconds);
    }

    /** The queue messages wait in: the same arrivals, the service time they cost under Poisson arrivals. */
    private MG1Queue waitingQueue(MG1Queue saturated) {
        ServiceTime b = profile.underPoissonArrivals(saturated.serviceTime());
        return b == saturated.serviceTime() ? saturated : new MG1Queue(saturated.arrivalRate(), b);
    }

    private double filtersPerBroker(Layout layout) {
        return topics.stream().mapToDouble(t -> t.workload()
                .filtersAt(ceilDiv(t.workload().subscribers(), layout.subscriberGroups())).count()).sum();
    }

    /** E[R] of a published message: the topics' E[R], weighted by their offered loads. */
    private double meanReplicationGrade() {
        return topics.stream().mapToDouble(t -> t.workload().offeredLoad() * t.workload().meanReplicationGrade()).sum()
                / offeredLoad();
    }

    /** What the busiest publisher sends: one copy of each message to each of the l brokers of its row. */
    private double publisherEgressBitsPerSecond(Layout layout) {
        return topics.stream().mapToDouble(t -> t.workload().ratePerPublisher() * messageBits(t.workload())).max()
                .orElseThrow() * layout.subscriberGroups();
    }

    private static double messageBits(Workload w) {
        return 8.0 * w.messageSizeBytes();
    }

    private PlanConstraint violation(BrokerLoad load) {
        for (PlanConstraint c : constraints) {
            if (c.violatedBy(load)) {
                return c;
            }
        }
        return null;
    }

    private static double sum(double[] values) {
        double total = 0;
        for (double v : values) {
            total += v;
        }
        return total;
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
