package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** What autoscaling last saw and did (spec.autoscaling). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class AutoscalingStatus {

    @JsonPropertyDescription("The workload the brokers carried over the last window, and the busiest broker's "
            + "utilization as predicted and as measured.")
    public ObservedWorkloadStatus observed;

    @JsonPropertyDescription("The last change autoscaling applied (mode Auto).")
    public ScalingStatus lastScaling;

    @JsonPropertyDescription("No change before this time (RFC 3339): the last change plus spec.autoscaling."
            + "inhibitionDelay.")
    public String inhibitedUntil;

    @JsonPropertyDescription("What the last observation called for: the layout to move to and why, or why the "
            + "running one stays. Mode Recommend applies nothing; mode Auto applies a change as it is proposed.")
    public ScalingStatus recommendation;
}
