package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;

public class BenchmarkRunSpec {

    @Required
    @JsonPropertyDescription("The PubSubTopology whose brokers are measured.")
    public ProfileRef targetRef;

    @Default("Saturate")
    @JsonPropertyDescription("Saturate: publishers as fast as flow control allows (capacity); Rate: Poisson arrivals at "
            + "rate (waiting times); Calibrate: the sec. 4.2.2.1 series, fitted into a BrokerProfile.")
    public Mode mode;

    @Min(value = 0, inclusive = false)
    @JsonPropertyDescription("Offered load for mode Rate, msgs/s over all publishers.")
    public Double rate;

    @Default("60s")
    @Pattern(Durations.PATTERN)
    public String duration;

    @Default("10s")
    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription("Trimmed from the start of the measurement (and as much from its end).")
    public String warmup;

    @JsonPropertyDescription("The workload to generate; the target's workload when unset.")
    public WorkloadSpec workload;

    public enum Mode { Saturate, Rate, Calibrate }
}
