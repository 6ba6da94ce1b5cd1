package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;

/** One load point: what was offered, what the brokers and clients measured, and the model's figure beside it. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class BenchmarkPointStatus {

    @JsonPropertyDescription("Rate: the offered load as a fraction of the predicted capacity.")
    public Double load;

    @JsonPropertyDescription("Rate: messages per second offered over all publishers.")
    public Double offeredRate;

    @JsonPropertyDescription("Messages published per second over all publishers, in the measurement window.")
    public Double publishedRate;

    @JsonPropertyDescription("Bytes of message body published per second over all publishers (publishedRate x "
            + "message size).")
    public Double publishedBytesPerSecond;

    @JsonPropertyDescription("Bytes of message body delivered per second to subscribers, all brokers together "
            + "(dispatchedRate x message size).")
    public Double dispatchedBytesPerSecond;

    @JsonPropertyDescription("Messages per second one broker of the busiest kind received.")
    public Double receivedRatePerBroker;

    @JsonPropertyDescription("Copies per second delivered to subscribers, all brokers together.")
    public Double dispatchedRate;

    @JsonPropertyDescription("Saturate: the model's capacity at full utilization, msgs/s; Rate: the offered rate.")
    public Double predictedRate;

    @JsonPropertyDescription("(measured - predicted) / predicted of the published rate.")
    public Double relativeError;

    @JsonPropertyDescription("End-to-end latency percentiles in seconds (send to delivery).")
    public Latency latency;

    @JsonPropertyDescription("Rate: the Gamma-approximation's 99th percentile of the waiting time, seconds.")
    public Double predictedWaitingP99;

    @JsonPropertyDescription("Each broker's counts from its own metrics, and its CPU against its limit.")
    public List<BrokerMeasurement> brokers;

    @JsonPropertyDescription("True when the clients' counts equal the brokers' own.")
    public Boolean countsMatchBrokers;

    @JsonPropertyDescription("Client pods' CPU as a share of their limit (the busiest pod).")
    public Double clientCpu;

    @JsonPropertyDescription("True when the validity rule held: brokers at least 96% busy when saturated, clients at "
            + "most 75%, and counts exact.")
    public Boolean valid;

    @JsonPropertyDescription("Why the point is not valid.")
    public List<String> problems;

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Latency {
        @JsonPropertyDescription("Median, seconds.")
        public Double p50;
        @JsonPropertyDescription("90th percentile, seconds.")
        public Double p90;
        @JsonPropertyDescription("99th percentile, seconds.")
        public Double p99;
        @JsonPropertyDescription("99.9th percentile, seconds.")
        public Double p999;
        @JsonPropertyDescription("Largest, seconds.")
        public Double max;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class BrokerMeasurement {
        @JsonPropertyDescription("The broker's cell, row-major (row * l + column): in a topology's first layout its "
                + "StatefulSet ordinal; a later layout keeps brokers on their cells, so the routing map names the pod.")
        public Integer ordinal;
        @JsonPropertyDescription("Messages the broker received on the topic during the point.")
        public Long received;
        @JsonPropertyDescription("Copies the broker dispatched into subscription queues during the point.")
        public Long dispatched;
        @JsonPropertyDescription("Share of its CPU limit the broker used in the measurement window.")
        public Double cpu;
    }
}
