package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.brokerwise.model.service.TopicCost;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Required;

@JsonInclude(JsonInclude.Include.NON_NULL)
public class BrokerProfileSpec {

    @Default("Linear")
    @JsonPropertyDescription("Service-time model (docs/models.md): Linear (Henjes eq. 4.9), FilterSharing (4.10), "
            + "SuperLinear (4.11), FilterLength (4.12) or SublinearDispatch (4.12 with a cost per copy that falls as "
            + "the replication grade grows). Default: Linear.")
    public Model model;

    @Required
    @JsonPropertyDescription("The model's fitted times, in seconds, and an optional rate ceiling.")
    public Parameters parameters;

    public enum Model { Linear, FilterSharing, SuperLinear, FilterLength, SublinearDispatch }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Parameters {
        @Required
        @Min(0)
        @JsonPropertyDescription("t_rcv: seconds to receive one message.")
        public Double receiveSeconds;

        @Required
        @Min(0)
        @JsonPropertyDescription("t_fltr: seconds to evaluate one filter (one term for FilterLength and "
                + "SublinearDispatch; for FilterSharing, every filter).")
        public Double filterSeconds;

        @Required
        @Min(0)
        @JsonPropertyDescription("t_tx: seconds to dispatch one copy of a message.")
        public Double dispatchSeconds;

        @Min(0)
        @JsonPropertyDescription("t_fltr_diff: extra seconds per distinct filter (FilterSharing only). Default: unset.")
        public Double distinctFilterSeconds;

        @Min(0)
        @JsonPropertyDescription("t_tx_sqrt: seconds charged sqrt(r) times per message, r the replication grade "
                + "(SublinearDispatch only): the dispatch work the copies share, so that one more copy costs "
                + "t_tx + t_tx_sqrt/(2 sqrt(r)), less as r grows. Default: unset, 0.")
        public Double dispatchSqrtSeconds;

        @Min(value = 0, inclusive = false)
        @JsonPropertyDescription("Ceiling on received plus dispatched messages per second (msgs/s), if the broker has "
                + "one. Default: unset, no ceiling.")
        public Double maxOverallRate;

        @Min(0)
        @JsonPropertyDescription("Seconds per byte of a received message, on top of receiveSeconds; fitted from a size "
                + "series. Default 0: without per-byte times the plan does not charge spec.workload.messageSizeBytes.")
        public Double receiveSecondsPerByte;

        @Min(0)
        @JsonPropertyDescription("Seconds per byte of each dispatched copy, on top of dispatchSeconds; fitted from a "
                + "size series at two or more replication grades. Default 0.")
        public Double dispatchSecondsPerByte;

        @Min(value = 0, inclusive = false)
        @Max(1)
        @JsonPropertyDescription("The power of the message size the per-byte times multiply: a message of s bytes "
                + "costs s^sizeExponent times receiveSecondsPerByte on receipt and times dispatchSecondsPerByte per "
                + "copy. Default 1: every byte costs alike. Below 1 a byte costs less in a larger message; a size "
                + "series fits it.")
        public Double sizeExponent;

        @Min(value = 0, inclusive = false)
        @JsonPropertyDescription("Network capacity in bits/s per direction of the nodes this profile was measured on; "
                + "a topology's spec.placement.networkBitsPerSecond overrides it. Default 1e10 (10 Gbit/s).")
        public Double networkBitsPerSecond;

        @Min(0)
        @JsonPropertyDescription("Latency floor in seconds: what a message that does not wait takes from send to "
                + "delivery (client, network, the broker's service, dispatch), the end-to-end quantile of a run at a low "
                + "rate where nothing queues. The plan's end-to-end quantile is this plus the waiting-time quantile. "
                + "Default: unset, 0 (the end-to-end quantile is the waiting time alone, and the plan says so).")
        public Double latencyFloorSeconds;

        @Min(value = 0, inclusive = false)
        @JsonPropertyDescription("How much more a message costs the broker when messages arrive at random (Poisson) "
                + "than when it is saturated: CPU seconds per message at Poisson load over the saturated E[B]. Waiting "
                + "times are those of the M/GI/1 queue with the service time stretched by it; utilization and capacity "
                + "stay the saturated ones. Default: unset, 1.")
        public Double poissonServiceFactor;

        @Min(0)
        @JsonPropertyDescription("Seconds to register one subscription (a consumer with a selector), measured while the "
                + "broker carries load. The plan's recovery time is the busiest broker's subscriptions times this. "
                + "Default: unset, not charged (the plan gives no recovery time and says so).")
        public Double registrationSeconds;

        @Min(0)
        @JsonPropertyDescription("Seconds each message costs a broker for the number of topics T it carries, times "
                + "topicCost's work at T (0 at one topic); fitted from a topics series. Default: unset, not charged "
                + "(a plan of several topics says so).")
        public Double topicSeconds;

        @JsonPropertyDescription("How the cost of topics grows with their number T: PerTopic (T-1), Logarithmic "
                + "(ln T) or Saturating (1-1/T). Default: PerTopic; only read with topicSeconds.")
        public TopicCost.Form topicCost;
    }
}
