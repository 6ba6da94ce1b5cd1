package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** What autoscaling last saw of one replicated queue, and what it called for (spec.autoscaling, docs/queues.md). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class QueueAutoscalingStatus {

    @JsonPropertyDescription("The queue's name (spec.queues[].name).")
    public String name;

    @JsonPropertyDescription("Producers attached to its replicas at the end of the window, summed.")
    public Long producers;

    @JsonPropertyDescription("Consumers whose home is one of its replicas at the end of the window, summed.")
    public Long consumers;

    @JsonPropertyDescription("Messages sent to its replicas per second over the window, summed.")
    public Double arrivalRate;

    @JsonPropertyDescription("Messages taken from its replicas per second over the window, summed.")
    public Double departureRate;

    @JsonPropertyDescription("Messages waiting in its replicas at the end of the window, summed.")
    public Long depth;

    @JsonPropertyDescription("The busiest replica's utilization the model predicts for the observed load on the "
            + "replicas that run.")
    public Double predictedUtilization;

    @JsonPropertyDescription("The replicas mode Auto applied and holds in place of the plan of spec.queues, until the "
            + "spec changes or the mode is no longer Auto.")
    public Integer replicas;

    @JsonPropertyDescription("What the last observation called for: from and to (replicas), and why: Overloaded "
            + "(R5), Underloaded (R6: the rest carry the load), Inhibited, WithinBand, NoSmallerLayout, "
            + "NoFeasibleLayout or NoConsumers. Mode Auto applies it, mode Recommend does not.")
    public QueueScalingStatus recommendation;

    /** A change of a queue's replicas, applied or proposed. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class QueueScalingStatus {

        @JsonPropertyDescription("Replicas before.")
        public Integer from;

        @JsonPropertyDescription("Replicas after (or proposed); the same as from where nothing changes.")
        public Integer to;

        @JsonPropertyDescription("Why, in a word.")
        public String reason;

        @JsonPropertyDescription("The figures behind the reason.")
        public String message;

        @JsonPropertyDescription("When it was decided (RFC 3339).")
        public String time;
    }
}
