package io.brokerwise.api.planning;

import io.brokerwise.api.v1alpha1.ObjectivesSpec;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologySpec;
import io.brokerwise.api.v1alpha1.QueueSpec;
import io.brokerwise.api.v1alpha1.StorageSpec;
import io.brokerwise.api.v1alpha1.TlsSpec;
import io.brokerwise.api.v1alpha1.TopicSpec;
import io.brokerwise.api.v1alpha1.TopologySpec;
import io.brokerwise.api.v1alpha1.WorkloadSpec;
import io.brokerwise.model.Durations;
import io.brokerwise.model.replicatedqueue.QueueWorkload;
import io.brokerwise.model.replication.ReplicationGradeDistribution;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.model.topology.Objectives;
import io.brokerwise.model.topology.Topic;
import io.brokerwise.model.topology.TopologyMode;
import io.brokerwise.model.topology.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * A validated PubSubTopology spec as the model's inputs: its topics (spec.workload's one, named as the topology, or
 * spec.topics') and the queues beside them, in the spec's order. Cross-field checks mirror the CEL rules on the spec
 * classes, so the CLI rejects what {@code kubectl apply} rejects, with the same field names.
 *
 * @param oneTopicForm whether the topics come from spec.workload, which field names in messages say
 */
public record PlanningInput(List<Topic> topics, boolean oneTopicForm, List<QueueWorkload> queues,
                            Objectives objectives, Limits limits, TopologyMode mode) {

    /** The most publishers, subscribers, producers or consumers a spec may declare. */
    public static final long MAX_COUNT = 1L << 53;

    /** A topology's inputs, validated, its name included; the broker limit is the spec's own (or the default). */
    public static PlanningInput of(PubSubTopology topology) {
        String name = SpecValidator.name(topology);
        if (name == null) {
            throw new ManifestException(SpecValidator.NAME_REQUIRED);
        }
        return from(topology.getSpec(), name);
    }

    /**
     * The spec's inputs, validated; the broker limit is the spec's own (or the default).
     *
     * @param topology the topology's name, which spec.workload's topic takes
     */
    public static PlanningInput from(PubSubTopologySpec spec, String topology) {
        List<String> problems = SpecValidator.validate(spec, "spec");
        if (!problems.isEmpty()) {
            throw new ManifestException(problems);
        }
        List<String> crossField = new ArrayList<>(AutoscalingInput.problems(spec));
        crossField.addAll(TlsSpec.problems(spec.broker.tls, "spec.broker.tls"));
        crossField.addAll(StorageSpec.problems(spec.storage, "spec.storage"));
        crossField.addAll(SpecValidator.duplicateDestinationNames(spec));
        crossField.addAll(forms(spec));
        crossField.addAll(oneTopicOnly(spec));
        List<Topic> topics = new ArrayList<>();
        if (spec.workload != null) {
            topics.add(attempt("spec.workload", () -> Topic.of(topology, workload(spec.workload)), crossField));
        }
        for (int i = 0; spec.workload == null && spec.topics != null && i < spec.topics.size(); i++) {
            TopicSpec t = spec.topics.get(i);
            topics.add(attempt("spec.topics[" + i + "]", () -> topic(t), crossField));
        }
        List<QueueWorkload> queues = new ArrayList<>();
        for (int i = 0; spec.queues != null && i < spec.queues.size(); i++) {
            QueueSpec q = spec.queues.get(i);
            queues.add(attempt("spec.queues[" + i + "]", () -> queue(q), crossField));
        }
        Objectives objectives = attempt("spec.objectives", () -> objectives(spec.objectives), crossField);
        TopologyMode mode = attempt("spec.topology", () -> mode(spec.topology), crossField);
        if (!crossField.isEmpty()) {
            throw new ManifestException(crossField);
        }
        int maxBrokers = spec.placement.maxBrokers == null ? Limits.DEFAULT_MAX_BROKERS : spec.placement.maxBrokers;
        long connections = spec.broker.maxConnections == null ? Long.MAX_VALUE : spec.broker.maxConnections;
        double network = spec.placement.networkBitsPerSecond == null ? Double.NaN : spec.placement.networkBitsPerSecond;
        return new PlanningInput(List.copyOf(topics), spec.workload != null, List.copyOf(queues), objectives,
                new Limits(maxBrokers, connections, network, spec.placement.brokersPerNode), mode);
    }

    /**
     * @param availableBrokers brokers the platform can host (matching nodes times brokers per node)
     */
    public static PlanningInput from(PubSubTopologySpec spec, String topology, int availableBrokers) {
        return from(spec, topology).withAvailableBrokers(availableBrokers);
    }

    /**
     * The one topic's workload, for what measures, sweeps or scales a single topic: refused, saying so, for a
     * topology of several.
     */
    public Workload workload() {
        if (!oneTopicForm) {
            throw new ManifestException("spec.topics: this measures, sweeps or scales the one topic of spec.workload, "
                    + "and a topology of spec.topics is not supported by it yet: give spec.workload");
        }
        return topics.get(0).workload();
    }

    /** The field that declares topic i, as messages name it: spec.workload, or spec.topics[i].workload. */
    public String topicField(int i) {
        return oneTopicForm ? "spec.workload" : "spec.topics[" + i + "].workload";
    }

    /** The same input on a platform that can host at most {@code availableBrokers} brokers. */
    public PlanningInput withAvailableBrokers(int availableBrokers) {
        int maxBrokers = Math.max(1, Math.min(limits.maxBrokers(), availableBrokers));
        return new PlanningInput(topics, oneTopicForm, queues, objectives, limits.withMaxBrokers(maxBrokers), mode);
    }

    /** The CEL rules on the spec's two forms, for a spec read offline. */
    private static List<String> forms(PubSubTopologySpec spec) {
        List<String> problems = new ArrayList<>();
        if ((spec.workload == null) == (spec.topics == null)) {
            problems.add("spec: " + PubSubTopologySpec.ONE_FORM);
        }
        if (spec.workload != null && spec.workload.subscribers != null && spec.workload.subscribers < 1) {
            problems.add("spec." + PubSubTopologySpec.WORKLOAD_SUBSCRIBERS);
        }
        if (spec.workload == null && spec.topics != null && spec.topics.isEmpty()) {
            problems.add("spec." + PubSubTopologySpec.SOME_TOPICS);
        }
        return problems;
    }

    /** What measures or scales spec.workload's one topic refuses a topology of spec.topics, saying what to change. */
    private static List<String> oneTopicOnly(PubSubTopologySpec spec) {
        List<String> problems = new ArrayList<>();
        if (spec.workload != null || spec.topics == null) {
            return problems;
        }
        if (spec.autoscaling != null) {
            problems.add("spec.autoscaling: a topology of spec.topics is not autoscaled yet; remove "
                    + "spec.autoscaling, or give each topic a topology of its own (spec.workload)");
        }
        if (spec.verification != null && Boolean.TRUE.equals(spec.verification.onDeploy)) {
            problems.add("spec.verification.onDeploy: the check measures the one topic of spec.workload and a "
                    + "topology of spec.topics is not verified yet; set it false");
        }
        return problems;
    }

    private static Topic topic(TopicSpec t) {
        Workload w = workload(t.workload);
        return t.maxWaitingTime == null ? Topic.of(t.name, w) : new Topic(t.name, w, Durations.seconds(t.maxWaitingTime));
    }

    private static Workload workload(WorkloadSpec w) {
        count("publishers", w.publishers);
        count("subscribers", w.subscribers);
        finiteLoad("publishers", w.publishers, "messageRatePerPublisher", w.messageRatePerPublisher);
        double max = Workload.maxReplicationGrade(w.subscribers, w.filtersPerSubscriber);
        if (w.replicationGrade.mean > max) {
            throw new IllegalArgumentException("replicationGrade.mean: at most subscribers x filtersPerSubscriber = "
                    + (long) max + ", got " + w.replicationGrade.mean);
        }
        if (w.filtersPerSubscriber == 0 && w.subscribers > 0 && w.replicationGrade.mean != w.subscribers.doubleValue()) {
            throw new IllegalArgumentException("replicationGrade.mean: without filters every subscriber gets every "
                    + "message, so it must equal subscribers (" + w.subscribers + ")");
        }
        return new Workload(w.publishers, w.messageRatePerPublisher, w.subscribers, w.filtersPerSubscriber,
                w.filter.components, w.replicationGrade.mean,
                ReplicationGradeDistribution.named(w.replicationGrade.distribution.name()),
                w.filter.distinct == null ? Double.NaN : w.filter.distinct, w.messageSizeBytes);
    }

    private static QueueWorkload queue(QueueSpec q) {
        count("producers", q.producers);
        count("consumers", q.consumers);
        finiteLoad("producers", q.producers, "messageRatePerProducer", q.messageRatePerProducer);
        boolean selective = q.selector != null;
        return new QueueWorkload(q.name, q.producers, q.messageRatePerProducer, q.consumers,
                q.messageRatePerConsumer == null ? QueueWorkload.AS_FAST_AS_THEY_CAN : q.messageRatePerConsumer,
                selective ? q.selector.components : 0,
                selective && q.selector.distinct != null ? q.selector.distinct : Double.NaN, q.messageSizeBytes);
    }

    /** The offered load is a double: clients times their rate beyond it would be an infinite load. */
    private static void finiteLoad(String clients, long count, String rateField, double rate) {
        if (Double.isInfinite(count * rate)) {
            throw new IllegalArgumentException(rateField + ": " + clients + " x " + rateField + " must be a finite "
                    + "number of msgs/s, got " + count + " x " + rate);
        }
    }

    /** The model counts clients in doubles: beyond 2^53 they are no longer exact, and group sizes overflow. */
    private static void count(String field, long value) {
        if (value > MAX_COUNT) {
            throw new IllegalArgumentException(field + ": at most " + MAX_COUNT + " (2^53), got " + value);
        }
    }

    private static Objectives objectives(ObjectivesSpec o) {
        return new Objectives(o.maxUtilization, o.waitingTime.quantile, bound(o.waitingTime.max),
                o.maxNetworkUtilization, bound(o.endToEndLatency), bound(o.recoveryTime));
    }

    /** A duration objective in seconds; absent, no bound. */
    private static double bound(String duration) {
        return duration == null ? Double.POSITIVE_INFINITY : Durations.seconds(duration);
    }

    private static TopologyMode mode(TopologySpec t) {
        TopologyMode.Kind kind = TopologyMode.Kind.valueOf(t.mode.name().toUpperCase(java.util.Locale.ROOT));
        return new TopologyMode(kind, orFree(t.publisherGroups), orFree(t.subscriberGroups));
    }

    private static int orFree(Integer groups) {
        return groups == null ? TopologyMode.FREE : groups;
    }

    private static <T> T attempt(String path, Supplier<T> build, List<String> problems) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            problems.add(path + ": " + e.getMessage());
            return null;
        }
    }
}
