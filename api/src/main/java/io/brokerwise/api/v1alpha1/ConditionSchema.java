package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/**
 * The schema of one entry of {@code status.conditions}, described for {@code kubectl explain}. Only the
 * CRD generator reads it ({@code @SchemaFrom}); the field itself holds Kubernetes' own {@code Condition}.
 */
public final class ConditionSchema {

    @JsonPropertyDescription("Valid, Planned, Deployed or Ready (docs/operations.md lists every reason).")
    public String type;

    @JsonPropertyDescription("True, False or Unknown.")
    public String status;

    @JsonPropertyDescription("One CamelCase word saying why, e.g. NoDedicatedNodes, MaxBrokers, BrokersReady.")
    public String reason;

    @JsonPropertyDescription("What happened and what to do, for people.")
    public String message;

    @JsonPropertyDescription("The metadata.generation of the spec this condition answers.")
    public Long observedGeneration;

    @JsonPropertyDescription("When the status last changed (RFC 3339 time).")
    public String lastTransitionTime;

    private ConditionSchema() {
    }
}
