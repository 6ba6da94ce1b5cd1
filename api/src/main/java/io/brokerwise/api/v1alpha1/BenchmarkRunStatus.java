package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.List;

/** Measured against predicted, each figure with where it came from. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class BenchmarkRunStatus {

    @JsonPropertyDescription("The metadata.generation this status answers.")
    public Long observedGeneration;

    @JsonPropertyDescription("Pending (waiting for its topology or another run), Running, Succeeded or Failed.")
    public Phase phase;

    @JsonPropertyDescription("The layout measured, k x l.")
    public String layout;

    @JsonPropertyDescription("The benchmark Job.")
    public String job;

    @JsonPropertyDescription("When the Job was created (RFC 3339).")
    public String startTime;

    @JsonPropertyDescription("When the run ended (RFC 3339).")
    public String completionTime;

    @JsonPropertyDescription("Saturate: the measured capacity, messages published per second over all publishers: the "
            + "mean of the repeated runs, rounded to a whole message.")
    public Double measuredCapacity;

    @JsonPropertyDescription("Saturate: the repeated runs' capacity, msgs/s: mean, standard deviation and 95% "
            + "confidence interval.")
    public IntervalStatus measuredCapacityInterval;

    @JsonPropertyDescription("Saturate: the model's capacity of the measured layout at full utilization, msgs/s, "
            + "rounded to a whole message.")
    public Double predictedCapacity;

    @JsonPropertyDescription("Saturate: (measured - predicted) / predicted, of the mean.")
    public Double capacityError;

    @JsonPropertyDescription("Saturate: capacityError as a percentage to one decimal, such as -19.2%, for kubectl get.")
    public String capacityErrorPercent;

    @JsonPropertyDescription("WithinTolerance (the whole interval within the tolerance), OutsideTolerance (none of it), "
            + "Inconclusive (the interval straddles a bound: more runs would settle it) or NotValid (a run broke the "
            + "validity rule).")
    public String verdict;

    @JsonPropertyDescription("The verdict in words, such as \"inconclusive: 4 more runs would settle it\".")
    public String verdictMessage;

    @JsonPropertyDescription("Calibrate: the BrokerProfile the run wrote.")
    public String profile;

    @JsonPropertyDescription("One entry per measured load point.")
    public List<BenchmarkPointStatus> points;

    @SchemaFrom(type = ConditionSchema[].class)
    @JsonPropertyDescription("Succeeded: Unknown while the run waits or measures (the reason says which), True once "
            + "measured, False with the reason it failed.")
    public List<Condition> conditions = new ArrayList<>();

    public enum Phase { Pending, Running, Succeeded, Failed }

    /** Whether the run has ended, one way or the other. */
    public boolean finished() {
        return phase == Phase.Succeeded || phase == Phase.Failed;
    }
}
