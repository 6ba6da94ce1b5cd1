package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.List;

/** The plan report, plus what the operator tracks: the generation it answers and the conditions. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class PubSubTopologyStatus extends PlanReport {
    @JsonPropertyDescription("The metadata.generation of the spec this status answers.")
    public Long observedGeneration;
    @JsonPropertyDescription("The last check of the deployed layout (spec.verification).")
    public VerificationStatus verification;
    @JsonPropertyDescription("A rollout of the brokers in progress (a change that restarts them), cell by cell.")
    public RolloutStatus rollout;
    @JsonPropertyDescription("What autoscaling observed, proposed and applied (spec.autoscaling).")
    public AutoscalingStatus autoscaling;
    @SchemaFrom(type = ConditionSchema[].class)
    @JsonPropertyDescription("Valid, Planned, Deployed, Ready, Verified and Autoscaling, each True, False or "
            + "Unknown with a reason and a message.")
    public List<Condition> conditions = new ArrayList<>();
}
