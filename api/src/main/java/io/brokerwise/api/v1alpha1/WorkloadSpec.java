package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.ValidationRule;

@ValidationRule(value = "self.replicationGrade.mean <= double(self.subscribers * (self.filtersPerSubscriber > 0 ? self.filtersPerSubscriber : 1))",
        message = "replicationGrade.mean cannot exceed subscribers times filtersPerSubscriber")
public class WorkloadSpec {

    @Required
    @Min(1)
    @JsonPropertyDescription("Number of publishers (n), each sending to one topic at messageRatePerPublisher. At least 1.")
    public Long publishers;

    @Required
    @Min(value = 0, inclusive = false)
    @JsonPropertyDescription("Messages per second each publisher sends (msgs/s, Poisson on average); the offered "
            + "load is publishers times this.")
    public Double messageRatePerPublisher;

    @Required
    @Min(0)
    @JsonPropertyDescription("Number of subscribers (m), each a non-durable subscription on the topic. At least 1 in "
            + "spec.workload; a topic of spec.topics may have none yet.")
    public Long subscribers;

    @Default("1")
    @Min(0)
    @Max(Integer.MAX_VALUE)
    @JsonPropertyDescription("Filters (JMS selectors) per subscriber (n_fltr); 0 means every subscriber gets every "
            + "message. Default: 1.")
    public Integer filtersPerSubscriber;

    @JsonPropertyDescription("The shape of every selector: what it tests and how many terms it has. Default: one "
            + "application-property term.")
    @Default("{}")
    public FilterSpec filter = new FilterSpec();

    @Required
    @JsonPropertyDescription("How many subscribers' filters a message matches: E[R] and its distribution.")
    public ReplicationGradeSpec replicationGrade;

    @Default("1024")
    @Min(1)
    @Max(Integer.MAX_VALUE)
    @JsonPropertyDescription("Bytes per message, charged by the profile's per-byte times and by the network cap "
            + "(spec.objectives.maxNetworkUtilization). Default 1024.")
    public Integer messageSizeBytes;

    @Default("NonPersistent")
    @JsonPropertyDescription("NonPersistent (no journal) or Persistent (every message journaled before it is "
            + "dispatched; picks the persistent variant of the default profile). Default: NonPersistent.")
    public DeliveryMode deliveryMode;

    public enum DeliveryMode { Persistent, NonPersistent }

    /** Whether messages are journaled before they are dispatched (absent, the default: no). */
    public boolean persistent() {
        return deliveryMode == DeliveryMode.Persistent;
    }

    /**
     * Whether the brokers of this workload need a journal volume: persistent delivery does (a persistent message must
     * survive a broker's restart). A topology asks {@link PubSubTopologySpec#needsJournal()}, which adds its queues;
     * a benchmark run's temporary brokers, which carry the topic alone, ask here.
     */
    public boolean needsJournal() {
        return persistent();
    }

    /** Whether the filters test the JMS correlation ID (absent, the default: they test an application property). */
    public boolean filtersOnCorrelationId() {
        return filter != null && filter.kind == FilterSpec.Kind.CorrelationId;
    }
}
