package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/**
 * The schema of one toleration in {@code spec.placement.tolerations}, described for {@code kubectl
 * explain}. Only the CRD generator reads it ({@code @SchemaFrom}); the field itself holds Kubernetes'
 * own {@code Toleration}, whose fields carry no descriptions.
 */
public final class TolerationSchema {

    @JsonPropertyDescription("Taint key the toleration applies to; empty with operator Exists tolerates every taint.")
    public String key;

    @JsonPropertyDescription("Exists (any value) or Equal (the value below). Default: Equal.")
    public String operator;

    @JsonPropertyDescription("Taint value to match when operator is Equal.")
    public String value;

    @JsonPropertyDescription("Taint effect to match: NoSchedule, PreferNoSchedule or NoExecute; empty matches every "
            + "effect.")
    public String effect;

    @JsonPropertyDescription("Seconds a NoExecute taint is tolerated before eviction; unset tolerates it for ever.")
    public Long tolerationSeconds;

    private TolerationSchema() {
    }
}
