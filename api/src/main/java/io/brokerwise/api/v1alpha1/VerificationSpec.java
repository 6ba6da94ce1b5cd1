package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.brokerwise.model.Durations;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;

/** Whether and how the operator measures a deployed layout against its prediction. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class VerificationSpec {

    @Default("false")
    @JsonPropertyDescription("Run a Saturate BenchmarkRun whenever a new layout becomes Ready, and report it in the "
            + "Verified condition. Default false.")
    public Boolean onDeploy = false;

    @Min(0)
    @Max(1)
    @Default("0.15")
    @JsonPropertyDescription("Largest relative error of the measured capacity against the predicted one that counts "
            + "as verified: the whole 95% interval of measured over predicted must lie in 1 +- tolerance. Default 0.15.")
    public Double tolerance = 0.15;

    @Default("60s")
    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription("Length of the check's measurement, warm-up and cool-down included. Default 60s.")
    public String duration = "60s";

    @Default("10s")
    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription("Warm-up (and cool-down) of the check. Default 10s.")
    public String warmup = "10s";

    @Min(2)
    @Max(10)
    @Default("3")
    @JsonPropertyDescription("Runs of the check, one after the other (as a BenchmarkRun's spec.repeats): Verified "
            + "judges their 95% interval. Default 3.")
    public Integer repeats = BenchmarkRunSpec.DEFAULT_REPEATS;

    @JsonPropertyDescription("The check's client pods (as a BenchmarkRun's spec.clients).")
    public BenchmarkClients clients = new BenchmarkClients();
}
