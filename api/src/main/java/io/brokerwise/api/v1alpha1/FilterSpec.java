package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;

public class FilterSpec {

    @Default("ApplicationProperty")
    @JsonPropertyDescription("What selectors test: an application property or the JMSCorrelationID header; a built-in "
            + "profile family picks its variant by it. Default: ApplicationProperty.")
    public Kind kind;

    @Default("1")
    @Min(1)
    @Max(Integer.MAX_VALUE)
    @JsonPropertyDescription("Terms per selector (n_cmp): 1 for a simple one, n for an OR/AND/IN filter of n terms. "
            + "Default: 1.")
    public Integer components;

    @Min(1)
    @JsonPropertyDescription("How many of all filters differ (only FilterSharing profiles use it). Default: unset, "
            + "every filter differs.")
    public Long distinct;

    public enum Kind { ApplicationProperty, CorrelationId }
}
