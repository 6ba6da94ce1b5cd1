package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;

/** A JMS queue beside the topic, planned as a replicated queue (docs/models.md sec. 11). */
public class QueueSpec {

    /** A DNS label (RFC 1123): what a broker's address and any Kubernetes object named after the queue can carry. */
    public static final String NAME_PATTERN = "^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$";

    @Required
    @Pattern(NAME_PATTERN)
    @JsonPropertyDescription("The JMS queue's name: lower-case letters, digits and '-', at most 63 characters, starting "
            + "and ending with a letter or digit. It must differ from the topic's (the topology's own name) and from "
            + "every other queue's.")
    public String name;

    @Required
    @Min(1)
    @JsonPropertyDescription("Number of producers (N), each sending to the queue at messageRatePerProducer. At least 1.")
    public Long producers;

    @Required
    @Min(value = 0, inclusive = false)
    @JsonPropertyDescription("Messages per second each producer sends (msgs/s, Poisson on average); the queue's offered "
            + "load is producers times this.")
    public Double messageRatePerProducer;

    @Required
    @Min(0)
    @JsonPropertyDescription("Number of consumers (M); they compete, each message goes to one of them. 0 is accepted: "
            + "the plan then deploys no replica and says why.")
    public Long consumers;

    @Min(value = 0, inclusive = false)
    @JsonPropertyDescription("Messages per second each consumer takes at most (msgs/s); consumers times this must exceed "
            + "the offered load, or the queue grows without end. Default: unset, consumers take messages as fast as "
            + "the brokers hand them out.")
    public Double messageRatePerConsumer;

    @JsonPropertyDescription("The shape of each consumer's JMS selector: what it tests and how many terms it has; a "
            + "replica evaluates its consumers' selectors for every message. Default: unset, consumers have no "
            + "selector and take any message.")
    public FilterSpec selector;

    @Default("1024")
    @Min(1)
    @Max(Integer.MAX_VALUE)
    @JsonPropertyDescription("Bytes per message, charged by the profile's per-byte times. Default 1024.")
    public Integer messageSizeBytes;

    @Default("NonPersistent")
    @JsonPropertyDescription("NonPersistent (no journal) or Persistent (every message journaled before it is "
            + "dispatched; picks the persistent variant of the default profile). Default: NonPersistent.")
    public WorkloadSpec.DeliveryMode deliveryMode;

    /** Whether messages are journaled before they are dispatched (absent, the default: no). */
    public boolean persistent() {
        return deliveryMode == WorkloadSpec.DeliveryMode.Persistent;
    }

    /** What the consumers' selectors test; null when they have none, and the profile family's default variant applies. */
    public FilterSpec.Kind selectorKind() {
        return selector == null ? null : selector.kind;
    }
}
