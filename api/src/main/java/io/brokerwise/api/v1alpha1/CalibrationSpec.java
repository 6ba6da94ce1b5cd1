package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;

/**
 * A calibration: the series of Henjes, sec. 4.2.2.1, measured on a temporary broker of its own, placed and sized
 * like a topology's brokers, and the BrokerProfile fitted to it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class CalibrationSpec {

    /** The workload's default message size, which the built-in profiles were calibrated at too. */
    public static final int DEFAULT_MESSAGE_BYTES = 1024;

    @Pattern("^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$")
    @JsonPropertyDescription("The BrokerProfile to create, or to update when an earlier calibration wrote it (same "
            + "namespace). A profile of that name written otherwise is left alone and the run fails "
            + "(ProfileNotCalibrated).")
    public String profileName;

    @Default("[1, 2, 5, 10, 20]")
    @Size(min = 2, max = 10)
    @JsonPropertyDescription("Matching subscribers r of the series' points; at least two, so the fit tells t_tx "
            + "from t_fltr. Default [1, 2, 5, 10, 20].")
    public List<@Min(1) @Max(200) Integer> replicationGrades;

    @Default("[5, 20, 80, 160]")
    @Size(min = 2, max = 10)
    @JsonPropertyDescription("Additional non-matching filters m_add of the series' points; at least two. "
            + "Default [5, 20, 80, 160].")
    public List<@Min(0) @Max(1000) Integer> additionalFilters;

    @Default("[1024]")
    @Size(min = 1, max = 10)
    @JsonPropertyDescription("Message sizes in bytes, measured at every (r, m_add). Two or more (a size series, such "
            + "as [128, 8192, 262144], with at least two replicationGrades) also fit the per-byte times "
            + "receiveSecondsPerByte and dispatchSecondsPerByte; one size gives a profile that holds for that size. "
            + "Default [1024], the workload's default size.")
    public List<@Min(0) @Max(16777216) Integer> messageSizes = List.of(CalibrationSpec.DEFAULT_MESSAGE_BYTES);

    @Default("4")
    @Min(0)
    @Max(Integer.MAX_VALUE)
    @ValidationRule(value = "self == 0 || self >= 2", message = "holdoutEvery is 0 (none) or at least 2")
    @JsonPropertyDescription("Every n-th point (the 2nd, then every n-th after it) checks the fit instead of entering "
            + "it; 0 holds none out. Default 4.")
    public Integer holdoutEvery;

    @Default("false")
    @JsonPropertyDescription("Fit points that broke the validity rule too (a broker under 96% of its CPU limit, "
            + "clients over 75%), as brokerwise-bench calibrate --keep-invalid; the profile counts them in "
            + "status.calibration.notValidPoints. Default false: they stay out of the fit.")
    public Boolean keepInvalid;

    @Default("[1]")
    @Size(min = 1, max = 10)
    @JsonPropertyDescription("Components of every filter at the series' points, each measured at every (r, m_add): 1 "
            + "a simple selector, more a filter of filterShape whose deciding comparison comes last, so the broker "
            + "evaluates every component. Lengths such as [1, 4, 8] let model Auto tell a cost per component "
            + "(FilterLength, SublinearDispatch; Henjes eq. 4.12) from one per filter (Linear). Default [1].")
    public List<@Min(1) @Max(64) Integer> filterComponents = List.of(1);

    @Default("Or")
    @JsonPropertyDescription("How the components of the filters of more than one component combine: Or, And or In "
            + "(a list of values). Default Or.")
    public FilterShape filterShape = FilterShape.Or;

    @Default("Auto")
    @JsonPropertyDescription("Service-time model to fit, as brokerwise fit --model: Auto fits every candidate (Linear; "
            + "FilterLength when filterComponents has a length above 1; SublinearDispatch), judges each by its "
            + "leave-one-out error on the points that entered the fit and keeps the one with the fewest parameters "
            + "unless more do better at p < 0.05 (the profile's status.modelSelection); or one of Linear, "
            + "FilterSharing, SuperLinear, FilterLength, SublinearDispatch. Default Auto.")
    public Model model = Model.Auto;

    @Min(1)
    @Max(64)
    @Default("4")
    @JsonPropertyDescription("Saturated publishers at every point. Default 4, as many as a benchmark puts on each "
            + "broker of a topology.")
    public Integer publishers;

    @Default("NonPersistent")
    @JsonPropertyDescription("Delivery mode of the messages: NonPersistent or Persistent (calibrate the mode the "
            + "topologies use). Default NonPersistent.")
    public WorkloadSpec.DeliveryMode deliveryMode;

    @Default("{}")
    @JsonPropertyDescription("Where the temporary broker runs, as a topology's spec.placement: only nodeSelector and "
            + "tolerations apply. Default: a node labelled and tainted brokerwise.io/broker-node=true.")
    public PlacementSpec placement = new PlacementSpec();

    @Default("{}")
    @JsonPropertyDescription("The temporary broker's image, CPU and memory, as a topology's spec.broker: calibrate at "
            + "the size the topologies' brokers get. Default: the operator's image, 500m CPU, 1Gi.")
    public BrokerSpec broker = new BrokerSpec();

    /** A model to fit, or Auto: the one the points choose. */
    public enum Model { Auto, Linear, FilterSharing, SuperLinear, FilterLength, SublinearDispatch }

    /** How a filter's components combine. */
    public enum FilterShape { Or, And, In }
}
