package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/**
 * One layout as predicted by the model: rates in msgs/s, times in seconds. Waiting times are absent
 * where the broker would be overloaded.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class PlanStatus {
    @JsonPropertyDescription("PSR, SSR or Grid.")
    public String topology;
    public Integer publisherGroups;
    public Integer subscriberGroups;
    public Long brokers;
    @JsonPropertyDescription("Messages per second all publishers send.")
    public Double offeredLoad;
    @JsonPropertyDescription("Offered load at which the most loaded broker reaches the utilization cap.")
    public Double capacity;
    @JsonPropertyDescription("Utilization of the most loaded broker at the offered load.")
    public Double utilization;
    public ServiceTimeStatus serviceTime;
    public WaitingTimeStatus waitingTime;
    public Long publishersPerBroker;
    public Long subscribersPerBroker;
    public Double filtersPerBroker;
    public Long connectionsPerBroker;
    @JsonPropertyDescription("Copies of a message on the network: one per broker of the publisher's row plus E[R].")
    public Double networkCopiesPerMessage;
    @JsonPropertyDescription("Network utilization of the most loaded broker: its busier direction (ingress or egress) "
            + "over its share of the node's network capacity.")
    public Double networkUtilization;
    @JsonPropertyDescription("The most loaded broker's traffic and capacity, and each publisher's, in bits/s.")
    public NetworkStatus network;
    public Boolean feasible;
    @JsonPropertyDescription("Why this layout was chosen, or why it lost.")
    public String reason;

    public static class ServiceTimeStatus {
        public Double mean;
        @JsonPropertyDescription("Coefficient of variation of the service time.")
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
    public static class WaitingTimeStatus {
        public Double mean;
        @JsonPropertyDescription("The waiting-time quantile at the objective's level (Gamma-approximation).")
        public Double quantile;
        public Double level;
    }
}
