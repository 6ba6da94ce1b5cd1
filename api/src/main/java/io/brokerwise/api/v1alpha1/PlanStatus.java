package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;

/**
 * One layout as predicted by the model: rates in msgs/s, times in seconds. Waiting times are absent
 * where the broker would be overloaded.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class PlanStatus {
    @JsonPropertyDescription("PSR (one subscriber group), SSR (one publisher group) or Grid.")
    public String topology;
    @JsonPropertyDescription("k: publisher groups, one row of brokers each.")
    public Integer publisherGroups;
    @JsonPropertyDescription("l: subscriber groups, one column of brokers each.")
    public Integer subscriberGroups;
    @JsonPropertyDescription("Brokers of the layout, k times l.")
    public Long brokers;
    @JsonPropertyDescription("Messages per second all publishers send (msgs/s).")
    public Double offeredLoad;
    @JsonPropertyDescription("Offered load (msgs/s) at which the most loaded broker reaches the utilization cap.")
    public Double capacity;
    @JsonPropertyDescription("Utilization of the most loaded broker at the offered load (a fraction, 0.1% steps).")
    public Double utilization;
    @JsonPropertyDescription("Service time of one message at the most loaded broker.")
    public ServiceTimeStatus serviceTime;
    @JsonPropertyDescription("Waiting time before service at the most loaded broker (M/GI/1); absent when it is "
            + "overloaded.")
    public WaitingTimeStatus waitingTime;
    @JsonPropertyDescription("Predicted end-to-end latency (send to delivery) at the most loaded broker: the profile's "
            + "latency floor plus the waiting-time quantile, at the same level.")
    public EndToEndStatus endToEnd;
    @JsonPropertyDescription("Publishers the most loaded broker hears, ceil(n/k).")
    public Long publishersPerBroker;
    @JsonPropertyDescription("Subscribers registered at the most loaded broker, ceil(m/l).")
    public Long subscribersPerBroker;
    @JsonPropertyDescription("Filters installed at the most loaded broker: subscribersPerBroker times filters per "
            + "subscriber.")
    public Double filtersPerBroker;
    @JsonPropertyDescription("Client connections at the most loaded broker: publishers plus subscribers.")
    public Long connectionsPerBroker;
    @JsonPropertyDescription("Re-registration after the most loaded broker restarts: the subscriptions its column's "
            + "subscribers register there again, and how long that takes.")
    public RecoveryStatus recovery;
    @JsonPropertyDescription("Copies of a message on the network: one per broker of the publisher's row plus E[R].")
    public Double networkCopiesPerMessage;
    @JsonPropertyDescription("Network utilization of the most loaded broker: its busier direction (ingress or egress) "
            + "over its share of the node's network capacity.")
    public Double networkUtilization;
    @JsonPropertyDescription("The most loaded broker's traffic and capacity, and each publisher's, in bits/s.")
    public NetworkStatus network;
    @JsonPropertyDescription("Whether the layout meets every objective and limit.")
    public Boolean feasible;
    @JsonPropertyDescription("Why this layout was chosen, or why it lost.")
    public String reason;

    @JsonPropertyDescription("Each destination's share of the most loaded broker's work, for a topology of several "
            + "topics or of queues beside its topic: the messages per second it brings there, their mean service time "
            + "and the utilization they make, which add up to utilization; the topics first, then each queue's "
            + "replica. Unset for one topic alone.")
    public List<DestinationShareStatus> destinations;

    public static class DestinationShareStatus {
        @JsonPropertyDescription("Topic, or Queue: a queue's replica the broker carries beside the topics.")
        public Kind kind;
        @JsonPropertyDescription("The topic or queue.")
        public String name;
        @JsonPropertyDescription("Messages per second of this destination the most loaded broker receives.")
        public Double arrivalRate;
        @JsonPropertyDescription("Their mean service time there, seconds; a topic's with the cost of the topics "
                + "beside it.")
        public Double serviceTimeMean;
        @JsonPropertyDescription("arrivalRate times serviceTimeMean: this destination's part of utilization.")
        public Double utilization;

        public enum Kind { Topic, Queue }
    }

    public static class ServiceTimeStatus {
        @JsonPropertyDescription("Mean service time E[B] in seconds.")
        public Double mean;
        @JsonPropertyDescription("Coefficient of variation of the service time (standard deviation over mean).")
        public Double cv;
    }

    public static class NetworkStatus {
        @JsonPropertyDescription("Bits/s the most loaded broker receives: its arrival rate times the message size.")
        public Double ingressBitsPerSecond;
        @JsonPropertyDescription("Bits/s it sends: its dispatched copies times the message size.")
        public Double egressBitsPerSecond;
        @JsonPropertyDescription("Its share of the node's network capacity, bits/s per direction.")
        public Double bitsPerSecond;
        @JsonPropertyDescription("Bits/s each publisher sends: one copy per broker of its row (l copies per message).")
        public Double publisherEgressBitsPerSecond;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class EndToEndStatus {
        @JsonPropertyDescription("The predicted end-to-end quantile in seconds, at waitingTime.level: latencyFloor plus "
                + "waitingTime.quantile. Absent when the broker is overloaded.")
        public Double quantile;
        @JsonPropertyDescription("The profile's latency floor in seconds (spec.parameters.latencyFloorSeconds; 0 when "
                + "it has none).")
        public Double latencyFloor;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class RecoveryStatus {
        @JsonPropertyDescription("Subscriptions at the most loaded broker: its subscribers times their filters (one "
                + "subscription for a subscriber without filters).")
        public Long subscriptions;
        @JsonPropertyDescription("Seconds to register them again one after another after the broker restarts: "
                + "subscriptions times the profile's registrationSeconds. Absent when the profile has none.")
        public Double seconds;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class WaitingTimeStatus {
        @JsonPropertyDescription("Mean waiting time E[W] in seconds.")
        public Double mean;
        @JsonPropertyDescription("The waiting-time quantile at the objective's level in seconds (Gamma-approximation, on "
                + "the profile's service time under Poisson arrivals where it has one).")
        public Double quantile;
        @JsonPropertyDescription("The level of that quantile, a probability (objectives.waitingTime.quantile).")
        public Double level;
    }
}
