package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** What autoscaling last saw and did (spec.autoscaling). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class AutoscalingStatus {

    @JsonPropertyDescription("The workload the brokers carried over the last window, and the busiest broker's "
            + "utilization as predicted and as measured.")
    public ObservedWorkloadStatus observed;

    @JsonPropertyDescription("The last change autoscaling applied (mode Auto, which applies nothing "
            + "yet).")
    public ScalingStatus lastScaling;

    @JsonPropertyDescription("No change, and no new proposal of one, before this time (RFC 3339): the last "
            + "proposed change plus spec.autoscaling.inhibitionDelay.")
    public String inhibitedUntil;

    @JsonPropertyDescription("What the last observation called for: the layout to move to and why, or why the "
            + "running one stays (reason Inhibited: the change waits for inhibitedUntil). Nothing is applied.")
    public ScalingStatus recommendation;
}
