package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;

// scaleUpUtilization defaults to objectives.maxUtilization, so only here can a lone scaleDownUtilization be checked
@ValidationRule(value = "!has(self.autoscaling) || !has(self.autoscaling.scaleDownUtilization) "
        + "|| has(self.autoscaling.scaleUpUtilization) || self.autoscaling.scaleDownUtilization < "
        + "(has(self.objectives) && has(self.objectives.maxUtilization) ? self.objectives.maxUtilization : 0.9)",
        message = AutoscalingSpec.DOWN_NOT_BELOW_UP)
@ValidationRule(value = "has(self.workload) != has(self.topics)", message = PubSubTopologySpec.ONE_FORM)
@ValidationRule(value = "!has(self.workload) || self.workload.subscribers >= 1",
        message = PubSubTopologySpec.WORKLOAD_SUBSCRIBERS)
@ValidationRule(value = "!has(self.topics) || size(self.topics) >= 1", message = PubSubTopologySpec.SOME_TOPICS)
public class PubSubTopologySpec {

    public static final String ONE_FORM = "give spec.workload (one topic, named as the topology) or spec.topics "
            + "(several, each named), not both and not neither";
    public static final String WORKLOAD_SUBSCRIBERS = "workload.subscribers: at least 1 (a topic of spec.topics may "
            + "have none yet)";
    public static final String SOME_TOPICS = "topics: at least one topic";

    /**
     * The built-in profile a topology without {@code profileRef} plans with: Artemis 2.56 calibrated on
     * brokers of half a core, in the variant for the workload's delivery mode (see {@code profiles/}).
     */
    public static final String DEFAULT_PROFILE_FAMILY = "artemis-2.56-halfcore";

    @JsonPropertyDescription("The one topic's publishers, subscribers and filters; the topic is named as the "
            + "topology. Give this or spec.topics.")
    public WorkloadSpec workload;

    @JsonPropertyDescription("Several topics on one layout, each with its own workload and name: every broker carries "
            + "every topic, and one k x l layout is planned for all of them (docs/models.md sec. 12). Give this or "
            + "spec.workload.")
    public List<TopicSpec> topics;

    @JsonPropertyDescription("JMS queues beside the topic, each planned as a replicated queue: k replicas on k "
            + "brokers, its producers and consumers spread evenly over them; the operator deploys each queue whose plan "
            + "is feasible on the topology's brokers 0 to k-1 (docs/queues.md). Default: none.")
    public List<QueueSpec> queues;

    @JsonPropertyDescription("The BrokerProfile (same namespace) whose fitted times the model uses, or a built-in "
            + "profile by name ('brokerwise profiles' lists them, e.g. henjes-activemq). Default: the built-in "
            + "artemis-2.56-halfcore-nonpersistent, or artemis-2.56-halfcore-persistent for Persistent delivery "
            + "(Artemis 2.56 calibrated on brokers of 0.5 core, the default broker.cpu).")
    public ProfileRef profileRef;

    @JsonPropertyDescription("CPU and network utilization caps and the waiting-time bound every broker must meet.")
    @Default("{}")
    public ObjectivesSpec objectives = new ObjectivesSpec();

    @JsonPropertyDescription("Which layouts the planner may use. Default: every k x l layout (mode Auto).")
    // not {}: the API server checks a default against the CEL rules as written, before nested defaults
    @Default("{\"mode\": \"Auto\"}")
    public TopologySpec topology = new TopologySpec();

    @JsonPropertyDescription("Where brokers may run, how many there may be, and the network capacity of their "
            + "nodes. Default: nodes labelled and tainted brokerwise.io/broker-node=true, one broker per node.")
    @Default("{}")
    public PlacementSpec placement = new PlacementSpec();

    @JsonPropertyDescription("Broker pods: image, CPU, memory, connection limit.")
    @Default("{}")
    public BrokerSpec broker = new BrokerSpec();

    @JsonPropertyDescription("Each broker's journal volume, for a topology whose brokers keep messages across a "
            + "restart (deliveryMode Persistent, of the workload or of a queue): storage class, size, and whether the claims outlive the brokers. "
            + "Default: the operator's class and size, claims deleted with the topology and with a retired broker.")
    @Default("{}")
    public StorageSpec storage = new StorageSpec();

    @JsonPropertyDescription("How a change that restarts the brokers is rolled out: cell by cell, make before break. "
            + "Default: never a restart in place.")
    @Default("{}")
    public RolloutSpec rollout = new RolloutSpec();

    @JsonPropertyDescription("Measuring each deployed layout against its prediction.")
    public VerificationSpec verification = new VerificationSpec();

    @JsonPropertyDescription("Growing and shrinking the layout with the load the brokers observe. "
            + "Default: off. The operator observes and proposes (status.autoscaling); mode Auto also applies "
            + "the change.")
    public AutoscalingSpec autoscaling;

    @Default("Automatic")
    @JsonPropertyDescription("Automatic applies a new plan at once; Manual holds it in status until the topology is "
            + "annotated brokerwise.io/approve=true. Default: Automatic.")
    public Approval approval;

    public enum Approval { Automatic, Manual }

    /**
     * Whether the topology's brokers need a journal volume: the one place that says so for a topology. Its workload's
     * persistent delivery does ({@link WorkloadSpec#needsJournal()}), and so does a queue of persistent delivery,
     * whose messages must survive their replica's restart.
     */
    public boolean needsJournal() {
        return workloads().stream().anyMatch(WorkloadSpec::needsJournal) || queues != null && queues.stream().anyMatch(QueueSpec::persistent);
    }

    /** The workload of each topic: spec.workload's, else each of spec.topics' (none where neither is given). */
    public List<WorkloadSpec> workloads() {
        if (workload != null) {
            return List.of(workload);
        }
        return topics == null ? List.of() : topics.stream().filter(t -> t != null && t.workload != null)
                .map(t -> t.workload).toList();
    }

    /**
     * The topics' names: the topology's own for spec.workload (its brokers' multicast address and the routing map's
     * topic), else each of spec.topics'.
     */
    public List<String> topicNames(String topologyName) {
        return workload != null ? List.of(topologyName)
                : topics == null ? List.of() : topics.stream().filter(t -> t != null).map(t -> t.name).toList();
    }

    /**
     * The profile this spec's topic plans with: its profileRef, else the default for messages nothing journals. A
     * topic's subscriptions are non-durable, and Artemis journals a persistent message only for a durable
     * subscription, so a Persistent topic costs what a NonPersistent one does (benchmarks/RESULTS.md, Persistence:
     * x1.03); the persistent profile is what a journaled message costs, and a Persistent queue plans with it.
     */
    public String profileName() {
        return profileName(false);
    }

    /** The profile this spec plans messages of one delivery mode with, a queue's or the workload's. */
    public String profileName(boolean persistent) {
        if (profileRef != null && profileRef.name != null) {
            return profileRef.name;
        }
        return DEFAULT_PROFILE_FAMILY + (persistent ? "-persistent" : "-nonpersistent");
    }
}
