package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.brokerwise.model.Durations;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.ValidationRule;

/**
 * Growing and shrinking the layout with the observed load, after the control rules of Taton et al., sec. 5.1
 * (docs/models.md sec. 10). The rules' messages are repeated in {@code AutoscalingInput}, so the CLI refuses
 * what {@code kubectl apply} refuses.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(value = "!has(self.minBrokers) || !has(self.maxBrokers) || self.minBrokers <= self.maxBrokers",
        message = AutoscalingSpec.MIN_ABOVE_MAX)
@ValidationRule(value = "!has(self.scaleUpUtilization) || !has(self.scaleDownUtilization) "
        + "|| self.scaleDownUtilization < self.scaleUpUtilization", message = AutoscalingSpec.DOWN_NOT_BELOW_UP)
@ValidationRule(value = "!has(self.window) || !has(self.inhibitionDelay) "
        + "|| duration(self.window) <= duration(self.inhibitionDelay)", message = AutoscalingSpec.WINDOW_OVER_DELAY)
public class AutoscalingSpec {

    public static final String MIN_ABOVE_MAX = "autoscaling.minBrokers must not exceed autoscaling.maxBrokers";
    public static final String DOWN_NOT_BELOW_UP = "autoscaling.scaleDownUtilization must be below "
            + "autoscaling.scaleUpUtilization (which defaults to objectives.maxUtilization)";
    public static final String WINDOW_OVER_DELAY = "autoscaling.window must not be longer than "
            + "autoscaling.inhibitionDelay: the first window after a change must see only the new layout";

    @Default("Off")
    @JsonPropertyDescription("Off: the layout follows the declared workload only, and the brokers are not read "
            + "(quote it in YAML: \"Off\"). Recommend: the operator reads the brokers' metrics every window and "
            + "writes the layout it would move to into status.autoscaling.recommendation, with an event for each "
            + "change it proposes, and changes nothing. Auto: applies that layout too "
            + "(status.autoscaling.lastScaling); a broker the new layout drops leaves the routing map first and its "
            + "pod goes once its clients have left. Default: Off.")
    public Mode mode;

    @Default("1")
    @Min(1)
    @Max(Integer.MAX_VALUE)
    @JsonPropertyDescription("The fewest brokers a shrink leaves. Default: 1.")
    public Integer minBrokers;

    @Min(1)
    @Max(Integer.MAX_VALUE)
    @JsonPropertyDescription("The most brokers a grow reaches; the broker limit of spec.placement (matching nodes "
            + "times brokersPerNode, maxBrokers) applies too. Default: that limit alone.")
    public Integer maxBrokers;

    @Min(value = 0, inclusive = false)
    @Max(value = 1, inclusive = false)
    @JsonPropertyDescription("Grow when the busiest broker's utilization, as the model predicts it for the observed "
            + "workload, passes this fraction, in (0, 1): to the layout planned with this cap. Default: "
            + "spec.objectives.maxUtilization.")
    public Double scaleUpUtilization;

    @Min(value = 0, inclusive = false)
    @Max(value = 1, inclusive = false)
    @JsonPropertyDescription("Shrink when the busiest broker's predicted utilization falls below this fraction and "
            + "a layout of fewer brokers stays at or below it too; must be below scaleUpUtilization, and between the "
            + "two nothing changes. Default: three quarters of scaleUpUtilization.")
    public Double scaleDownUtilization;

    @Default("300s")
    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription("After each change, no further change for this long, so that what is measured next is "
            + "the new layout's load, such as 300s. Default: 300s.")
    public String inhibitionDelay;

    @Default("60s")
    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription("The averaging window: the brokers' counters are read this far apart and the workload "
            + "is what they counted in between, such as 60s. At most inhibitionDelay. Default: 60s.")
    public String window;

    @Default("true")
    @JsonPropertyDescription("Whether spec.workload is the least the layout is planned for: each observed figure "
            + "(publishers, rate, subscribers, E[R]) counts only where it is above the declared one. false plans "
            + "for the observed workload alone, down to an idle one. Default: true.")
    public Boolean declaredIsFloor;

    public enum Mode { Off, Recommend, Auto }
}
