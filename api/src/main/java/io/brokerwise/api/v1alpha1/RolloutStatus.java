package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** Where a rollout of the brokers stands: cells on the current broker template and those still to move. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class RolloutStatus {

    @JsonPropertyDescription("The hash of the broker pod template the rollout moves the cells to.")
    public String template;

    @JsonPropertyDescription("Cells of the layout whose broker runs that template.")
    public Integer cellsCurrent;

    @JsonPropertyDescription("Cells still on a broker of an earlier template, or on a cordoned node.")
    public Integer cellsLeft;

    @JsonPropertyDescription("The step in progress: StartingNewBroker, MovingCell, RetiringOldBroker, "
            + "ReturningCell, or a reason the rollout is held.")
    public String step;

    @JsonPropertyDescription("What the step does or waits for, by pod name.")
    public String message;

    @JsonPropertyDescription("When the step began (RFC 3339).")
    public String since;

    @JsonPropertyDescription("When the rollout began (RFC 3339).")
    public String started;

    @JsonPropertyDescription("Cells moved so far in this rollout; one cell moves twice, to hand back the extra broker.")
    public Integer moves;
}
