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

    @JsonPropertyDescription("Measured capacity, msgs/s over all publishers: the mean of the repeated runs.")
    public Double measuredCapacity;

    @JsonPropertyDescription("The repeated runs' capacity, msgs/s: mean, standard deviation and 95% confidence "
            + "interval.")
    public IntervalStatus measuredCapacityInterval;

    @JsonPropertyDescription("The model's capacity of the layout at full utilization, msgs/s.")
    public Double predictedCapacity;

    @JsonPropertyDescription("(measured - predicted) / predicted.")
    public Double error;

    @JsonPropertyDescription("WithinTolerance, OutsideTolerance, Inconclusive or NotValid.")
    public String verdict;

    @JsonPropertyDescription("The verdict in words, such as \"inconclusive: 4 more runs would settle it\".")
    public String verdictMessage;

    @JsonPropertyDescription("When the run ended (RFC 3339).")
    public String time;
}
