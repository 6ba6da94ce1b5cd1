package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Min;

public class FilterSpec {

    @Default("ApplicationProperty")
    @JsonPropertyDescription("What selectors test: an application property or the correlation ID header.")
    public Kind kind;

    @Default("1")
    @Min(1)
    @JsonPropertyDescription("Terms per selector: 1 for a simple one, n for an OR/AND/IN filter of n terms.")
    public Integer components;

    @Min(1)
    @JsonPropertyDescription("How many of all filters differ; unset means all differ (only FilterSharing profiles use it).")
    public Long distinct;

    public enum Kind { ApplicationProperty, CorrelationId }
}
