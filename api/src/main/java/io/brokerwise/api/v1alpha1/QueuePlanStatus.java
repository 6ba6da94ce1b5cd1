package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;

/**
 * One queue's plan as a replicated queue: rates in msgs/s, times in seconds. The replica's figures are absent where the
 * consumers alone rule the queue out; its waiting times where it would be overloaded.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class QueuePlanStatus {
    @JsonPropertyDescription("The queue's name (spec.queues[].name).")
    public String name;
    @JsonPropertyDescription("k: the replicas to deploy, one queue on each of k brokers; 0 when nothing is feasible.")
    public Integer replicas;
    @JsonPropertyDescription("Whether k replicas meet the objectives and the consumers keep up.")
    public Boolean feasible;
    @JsonPropertyDescription("Why this k, or what to change for a feasible one.")
    public String reason;
    @JsonPropertyDescription("The broker profile the queue was planned with.")
    public String profile;
    @JsonPropertyDescription("Messages per second all producers send (msgs/s).")
    public Double offeredLoad;
    @JsonPropertyDescription("Messages per second all consumers take at most (msgs/s); absent when they take as fast "
            + "as the brokers hand messages out.")
    public Double consumerRate;
    @JsonPropertyDescription("The busiest replica of the plan (when nothing is feasible, of the most replicas weighed): "
            + "its clients, arrival rate, capacity, utilization, service and waiting time.")
    public ReplicaStatus replica;
    @JsonPropertyDescription("Assumptions and caveats of this queue's plan, citing docs/models.md.")
    public List<String> notes;

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class ReplicaStatus {
        @JsonPropertyDescription("The replicas it is one of, k.")
        public Integer replicas;
        @JsonPropertyDescription("Producers it serves, ceil(N/k).")
        public Long producers;
        @JsonPropertyDescription("Consumers it serves, ceil(M/k).")
        public Long consumers;
        @JsonPropertyDescription("Messages per second its producers send (msgs/s).")
        public Double arrivalRate;
        @JsonPropertyDescription("Messages per second it carries when fully busy, 1/E[B] (msgs/s).")
        public Double capacity;
        @JsonPropertyDescription("Its utilization at the arrival rate (a fraction, 0.1% steps).")
        public Double utilization;
        @JsonPropertyDescription("Service time of one message: a receive, its consumers' selectors and one dispatch.")
        public PlanStatus.ServiceTimeStatus serviceTime;
        @JsonPropertyDescription("Waiting time before service (M/GI/1); absent when it is overloaded.")
        public PlanStatus.WaitingTimeStatus waitingTime;
    }
}
