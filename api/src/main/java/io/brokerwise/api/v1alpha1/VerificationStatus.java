package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** The last check of the deployed layout: measured against predicted capacity. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class VerificationStatus {

    @JsonPropertyDescription("The BenchmarkRun that measured it.")
    public String run;

    @JsonPropertyDescription("The layout it measured, k x l.")
    public String layout;

    @JsonPropertyDescription("Measured capacity, msgs/s over all publishers.")
    public Double measuredCapacity;

    @JsonPropertyDescription("The model's capacity of the layout at full utilization, msgs/s.")
    public Double predictedCapacity;

    @JsonPropertyDescription("(measured - predicted) / predicted.")
    public Double error;

    @JsonPropertyDescription("WithinTolerance, OutsideTolerance or NotValid.")
    public String verdict;

    @JsonPropertyDescription("When the run ended (RFC 3339).")
    public String time;
}
