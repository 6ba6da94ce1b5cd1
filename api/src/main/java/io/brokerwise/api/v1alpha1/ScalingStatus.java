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

    @JsonPropertyDescription("Publishers the change moves (or would move) from a broker to another, for the observed "
            + "publishers spread evenly over the rows: each broker keeps its cell, so growing by a row moves only "
            + "the publishers the new row takes.")
    public Long publishersMoved;

    @JsonPropertyDescription("Subscriptions the change ends at one broker and starts at another, for the observed "
            + "subscribers spread evenly over the columns: growing by a column moves only those of the subscribers "
            + "the new column takes.")
    public Long subscriptionsMoved;
}
