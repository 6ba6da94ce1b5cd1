package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.brokerwise.model.Durations;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;

public class ObjectivesSpec {

    @Default("0.9")
    @Min(value = 0, inclusive = false)
    @Max(value = 1, inclusive = false)
    @JsonPropertyDescription("Highest utilization (fraction of busy time) any broker may reach, in (0, 1). Default: 0.9.")
    public Double maxUtilization;

    @Default("0.9")
    @Min(value = 0, inclusive = false)
    @Max(1)
    @JsonPropertyDescription("Highest share of its network capacity (spec.placement.networkBitsPerSecond) any broker "
            + "may use in either direction, in (0, 1]. Default 0.9.")
    public Double maxNetworkUtilization;

    @JsonPropertyDescription("The waiting-time quantile reported, and an optional bound on it. Default: the 0.99 "
            + "quantile, no bound.")
    @Default("{}")
    public WaitingTimeSpec waitingTime = new WaitingTimeSpec();

    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription("Bound on the predicted end-to-end latency (send to delivery) at the level of "
            + "waitingTime.quantile: the profile's latencyFloorSeconds plus the waiting-time quantile; "
            + Durations.FORM + " (e.g. 5ms). Default: unset, no bound.")
    public String endToEndLatency;

    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription("Bound on the time the busiest broker's column needs to re-register after that broker "
            + "restarts: its subscriptions times the profile's registrationSeconds; " + Durations.FORM
            + " (e.g. 30s). Not checked with a profile without registrationSeconds (the plan says so). Default: unset, "
            + "no bound.")
    public String recoveryTime;
}
