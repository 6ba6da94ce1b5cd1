package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** The live workload, read back from the brokers' counters through the layout's fan-out. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class ObservedWorkloadStatus {

    @JsonPropertyDescription("Publishers connected: the producer connections of one broker per row, summed over the "
            + "rows.")
    public Long publishers;

    @JsonPropertyDescription("Messages published per second over the window, all publishers together: what one "
            + "broker per row received, summed over the rows.")
    public Double offeredRate;

    @JsonPropertyDescription("Subscribers registered: the subscriptions of one broker per column, summed over the "
            + "columns.")
    public Long subscribers;

    @JsonPropertyDescription("E[R]: copies dispatched by all brokers per message published.")
    public Double meanReplicationGrade;

    @JsonPropertyDescription("How far apart the two readings of the counters were, such as 60s.")
    public String window;

    @JsonPropertyDescription("The end of the window (RFC 3339).")
    public String time;

    @JsonPropertyDescription("The layout that ran, k x l.")
    public String layout;

    @JsonPropertyDescription("The busiest broker's utilization the model predicts for this workload on this layout.")
    public Double predictedUtilization;

    @JsonPropertyDescription("The highest share of its CPU limit any broker used over the window; a large gap to "
            + "predictedUtilization means the profile does not fit these brokers. Absent where the kernel does not "
            + "report CPU time.")
    public Double measuredUtilization;
}
