package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** A change of layout, applied or proposed, and why. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class ScalingStatus {

    @JsonPropertyDescription("The layout before, k x l.")
    public String from;

    @JsonPropertyDescription("The layout after (or proposed), k x l; the same as from where nothing changes.")
    public String to;

    @JsonPropertyDescription("Overloaded, Underloaded, Inhibited, WithinBand, NoSmallerLayout or NoFeasibleLayout.")
    public String reason;

    @JsonPropertyDescription("The figures behind the reason: the busiest broker's predicted utilization against the "
            + "caps, the layout proposed and its utilization.")
    public String message;

    @JsonPropertyDescription("When it was decided (RFC 3339).")
    public String time;
}
