package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Required;

public class ReplicationGradeSpec {

    @Required
    @Min(0)
    @JsonPropertyDescription("Mean number of filters a message matches, E[R].")
    public Double mean;

    @Default("Binomial")
    public Distribution distribution;

    public enum Distribution { Deterministic, ScaledBernoulli, Binomial }
}
