package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.List;

/** Measured against predicted, each figure with where it came from. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class BenchmarkRunStatus {
    public Long observedGeneration;
    /** msgs/s received by the brokers, and dispatched copies per second, after the warm-up trim. */
    public Double receivedRate;
    public Double dispatchedRate;
    /** End-to-end latency percentiles in seconds (HdrHistogram, coordinated omission corrected in Rate mode). */
    public Double latencyP50;
    public Double latencyP99;
    public Double latencyP999;
    /** The plan's figures the measurement is compared with. */
    public Double predictedCapacity;
    public Double predictedWaitingQuantile;
    /** (measured - predicted) / predicted of the capacity. */
    public Double capacityError;
    /** False when the broker was not at its CPU limit or the clients were (the dissertation's validity rule). */
    public Boolean valid;
    public List<Condition> conditions = new ArrayList<>();
}
