package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.brokerwise.model.stats.SampleSummary;

/**
 * Repeated runs of one figure: their mean, spread and confidence interval, so a verdict shows how sure it is
 * (Mupparaju, "Performance Evaluation and Comparison of Distributed Messaging Using Message Oriented Middleware",
 * sec. 5.8, judges repeated runs, not single ones).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class IntervalStatus {

    @JsonPropertyDescription("How many runs.")
    public Integer runs;

    @JsonPropertyDescription("Their mean.")
    public Double mean;

    @JsonPropertyDescription("Their sample standard deviation.")
    public Double standardDeviation;

    @JsonPropertyDescription("Confidence level of the interval, 0.95.")
    public Double confidence;

    @JsonPropertyDescription("Lower end of the confidence interval for the mean (Student's t).")
    public Double lower;

    @JsonPropertyDescription("Upper end of the confidence interval for the mean (Student's t).")
    public Double upper;

    public static IntervalStatus of(SampleSummary sample) {
        IntervalStatus s = new IntervalStatus();
        s.runs = sample.n();
        s.mean = sample.mean();
        s.standardDeviation = sample.standardDeviation();
        s.confidence = sample.confidence();
        s.lower = sample.lower();
        s.upper = sample.upper();
        return s;
    }
}
