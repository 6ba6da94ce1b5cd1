package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.brokerwise.model.Durations;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;

@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(value = "self.mode != 'Rate' || (has(self.loadPoints) && size(self.loadPoints) > 0)",
        message = "mode Rate needs loadPoints: fractions of the predicted capacity such as [0.3, 0.5, 0.7]")
@ValidationRule(value = "duration(self.duration) > duration(self.warmup) + duration(self.warmup)",
        message = "duration must be longer than twice the warmup")
@ValidationRule(value = "self.mode != 'Calibrate' || (has(self.calibration) && has(self.calibration.profileName))",
        message = "mode Calibrate needs calibration.profileName: the BrokerProfile to write")
@ValidationRule(value = "self.mode == 'Calibrate' || has(self.topologyRef)",
        message = "modes Saturate and Rate need topologyRef: the topology whose brokers are measured")
@ValidationRule(value = "self.mode != 'Calibrate' || !has(self.topologyRef)",
        message = "mode Calibrate measures a temporary broker of its own: leave out topologyRef")
@ValidationRule(value = "self.mode != 'Calibrate' || !has(self.layout)",
        message = "mode Calibrate measures one broker of its own: leave out layout")
public class BenchmarkRunSpec {

    /** Runs of a saturated point unless told otherwise: two give an interval, a third narrows it much. */
    public static final int DEFAULT_REPEATS = 3;

    @JsonPropertyDescription("Saturate and Rate: the PubSubTopology whose brokers are measured (same namespace). It "
            + "must be Ready. Calibrate has none.")
    public TopologyRef topologyRef;

    @Default("Saturate")
    @JsonPropertyDescription("Saturate: publishers as fast as flow control allows, measuring capacity; Rate: Poisson "
            + "arrivals at each of loadPoints, measuring latency; Calibrate: the measurement series of Henjes, "
            + "Performance Evaluation of Publish/Subscribe Middleware Architectures, sec. 4.2.2.1, "
            + "on a temporary broker of its own, fitted into a BrokerProfile. Default Saturate.")
    public Mode mode;

    @Default("60s")
    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription("Length of each measurement point, such as 60s: the warm-up, the measurement window, "
            + "and a cool-down as long as the warm-up. Must exceed twice the warm-up. Default 60s.")
    public String duration;

    @Default("10s")
    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription("Start (and, as cool-down, end) of each point left out of the figures, such as 10s. "
            + "Default 10s.")
    public String warmup;

    @JsonPropertyDescription("Mode Rate: offered loads as fractions of the predicted saturated capacity, each in "
            + "(0, 1], such as [0.3, 0.5, 0.7].")
    @Size(max = 20)
    @ValidationRule(value = "self.all(p, p > 0.0 && p <= 1.0)", message = "each load point is a fraction in (0, 1]")
    public List<Double> loadPoints;

    @Pattern("^[1-9][0-9]?x[1-9][0-9]?$")
    @JsonPropertyDescription("Saturate and Rate: a layout to measure instead of the topology's running one, as k x l "
            + "(k publisher groups by l subscriber groups, such as 1x2), typically one the planner rejected. The "
            + "operator deploys it beside the running brokers, with the topology's placement and broker size, "
            + "measures it against its own prediction and removes it when the run ends. Unset: the running layout.")
    public String layout;

    @JsonPropertyDescription("The workload to generate instead of the topology's (same fields as "
            + "PubSubTopology.spec.workload); the prediction uses it too.")
    public WorkloadSpec workload;

    @Min(0)
    @Max(1)
    @Default("0.15")
    @JsonPropertyDescription("Largest relative error of the measured capacity against the predicted one that counts "
            + "as a match: within it when the whole 95% interval of measured over predicted lies in 1 +- tolerance. "
            + "Default 0.15.")
    public Double tolerance;

    @Min(2)
    @Max(10)
    @Default("3")
    @JsonPropertyDescription("Saturate: how many times the saturated point is measured, one run after the other on the "
            + "same brokers; the verdict judges the runs' 95% confidence interval, not a single run. Default 3.")
    public Integer repeats = DEFAULT_REPEATS;

    @JsonPropertyDescription("The benchmark's client pods.")
    public BenchmarkClients clients = new BenchmarkClients();

    @JsonPropertyDescription("Mode Calibrate: which BrokerProfile to write and which series to measure.")
    public CalibrationSpec calibration;

    public enum Mode { Saturate, Rate, Calibrate }
}
