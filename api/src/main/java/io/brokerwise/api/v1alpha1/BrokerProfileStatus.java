package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.brokerwise.model.service.TopicCost;
import java.util.List;

@JsonInclude(JsonInclude.Include.NON_NULL)
public class BrokerProfileStatus {
    @JsonPropertyDescription("Where the parameters came from: a table of a paper, a calibration run, a user.")
    public String source;
    @JsonPropertyDescription("How well the parameters fit the measured points they were fitted to.")
    public FitStatus fit;
    @JsonPropertyDescription("How spec.model was chosen: every candidate model fitted to the points and judged on the "
            + "points its fit did not see (docs/models.md, sec. 2). Default: unset, the model was given, not chosen.")
    public ModelSelectionStatus modelSelection;
    @JsonPropertyDescription("A profile a BenchmarkRun of mode Calibrate wrote: what it measured, where and when.")
    public CalibrationStatus calibration;

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class FitStatus {
        @JsonPropertyDescription("Measured points the fit used.")
        public Integer points;
        @JsonPropertyDescription("Coefficient of determination of the fit on the service time (1 is perfect).")
        public Double rSquared;
        @JsonPropertyDescription("Median relative error of the fitted received rate over the points (a fraction).")
        public Double medianRelativeError;
        @JsonPropertyDescription("Largest relative error of the fitted received rate over the points (a fraction).")
        public Double maxRelativeError;
        @JsonPropertyDescription("Measured points held out of the fit to check it.")
        public Integer heldOutPoints;
        @JsonPropertyDescription("Median relative error of the fitted received rate over the held-out points (a "
                + "fraction): how well the profile predicts points it was not fitted to.")
        public Double heldOutMedianRelativeError;
        @JsonPropertyDescription("The held-out points' relative errors (fractions) as repeated measurements of how "
                + "well the profile predicts points it was not fitted to: their mean with its 95% confidence interval "
                + "(runs: the held-out points); set when two or more were held out.")
        public IntervalStatus heldOutRelativeErrorInterval;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class ModelSelectionStatus {
        @JsonPropertyDescription("The model chosen: of the candidates with the fewest parameters the one with the lowest "
                + "held-out median error, unless a candidate with more parameters has a lower held-out median error "
                + "and lower held-out errors point by point (Wilcoxon signed-rank test, p < 0.05).")
        public BrokerProfileSpec.Model chosen;
        @JsonPropertyDescription("Every candidate fitted, in the order tried.")
        public List<ModelCandidate> candidates;
        @JsonPropertyDescription("Candidates the points could not determine, each with why. Default: unset, none.")
        public List<String> notFitted;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class ModelCandidate {
        @JsonPropertyDescription("The candidate model.")
        public BrokerProfileSpec.Model model;
        @JsonPropertyDescription("The form of the cost of topics it charges, for a topics series. Default: unset, "
                + "none.")
        public TopicCost.Form topicCost;
        @JsonPropertyDescription("Parameters its fit determines.")
        public Integer parameters;
        @JsonPropertyDescription("Median relative error of the received rate over the points, each predicted by the "
                + "model fitted to all the other points (leave-one-out; a fraction).")
        public Double heldOutMedianRelativeError;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class CalibrationStatus {
        @JsonPropertyDescription("The BenchmarkRun that measured the points.")
        public String benchmarkRun;
        @JsonPropertyDescription("When the fit was written (RFC 3339).")
        public String time;
        @JsonPropertyDescription("The node the temporary broker ran on.")
        public String node;
        @JsonPropertyDescription("The broker's CPU (request and limit): plan with this profile for brokers of this size.")
        public String brokerCpu;
        @JsonPropertyDescription("The broker's memory (request and limit).")
        public String brokerMemory;
        @JsonPropertyDescription("The broker's container image.")
        public String brokerImage;
        @JsonPropertyDescription("The Artemis version the broker reported when it started; unset when its log did "
                + "not say.")
        public String artemisVersion;
        @JsonPropertyDescription("Delivery mode of the measured messages.")
        public String deliveryMode;
        @JsonPropertyDescription("Points measured, held-out and not valid ones included.")
        public Integer measuredPoints;
        @JsonPropertyDescription("Points that broke the validity rule (left out of the fit unless the calibration kept "
                + "them).")
        public Integer notValidPoints;
        @JsonPropertyDescription("The ConfigMap (same namespace) holding every measured point, key points.json.")
        public String pointsConfigMap;
    }
}
