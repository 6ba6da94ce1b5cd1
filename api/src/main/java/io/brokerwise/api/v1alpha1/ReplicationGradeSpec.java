package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Required;

public class ReplicationGradeSpec {

    @Required
    @Min(0)
    @JsonPropertyDescription("Mean number of filters a message matches, E[R] (copies a message is dispatched as); at "
            + "most subscribers times filtersPerSubscriber.")
    public Double mean;

    @Default("Binomial")
    @JsonPropertyDescription("Distribution of R: Deterministic (always the mean), ScaledBernoulli (all filters match "
            + "or none) or Binomial (each filter matches independently). Default: Binomial.")
    public Distribution distribution;

    public enum Distribution { Deterministic, ScaledBernoulli, Binomial }
}
