package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;

/** What autoscaling last saw and did (spec.autoscaling). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class AutoscalingStatus {

    @JsonPropertyDescription("The workload the brokers carried over the last window, and the busiest broker's "
            + "utilization as predicted and as measured.")
    public ObservedWorkloadStatus observed;

    @JsonPropertyDescription("The last change autoscaling applied (mode Auto): from, to, why, when, and how many "
            + "publishers and subscriptions it moved.")
    public ScalingStatus lastScaling;

    @JsonPropertyDescription("The layout mode Auto applied and holds, k x l, in place of the plan of spec.workload, "
            + "until the spec changes or the mode is no longer Auto.")
    public String layout;

    @JsonPropertyDescription("No change, and no new proposal of one, before this time (RFC 3339): the last "
            + "change (proposed, applied, or a re-plan after a change of nodes or profile) plus "
            + "spec.autoscaling.inhibitionDelay.")
    public String inhibitedUntil;

    @JsonPropertyDescription("What the last observation called for: the layout to move to and why, or why the "
            + "running one stays (reason Inhibited: the change waits for inhibitedUntil). Mode Auto applies it, "
            + "mode Recommend does not.")
    public ScalingStatus recommendation;

    @JsonPropertyDescription("Each deployed replicated queue: its observed load, the replicas mode Auto holds, and "
            + "what the last observation called for (Taton et al.'s rules R5 and R6).")
    public List<QueueAutoscalingStatus> queues;

    @JsonPropertyDescription("Broker pods the routing map no longer names that stay until their metrics show no "
            + "producer and no consumer connection, with the connections they still hold.")
    public List<String> retiring;
}
