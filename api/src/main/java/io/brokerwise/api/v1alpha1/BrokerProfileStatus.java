package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

@JsonInclude(JsonInclude.Include.NON_NULL)
public class BrokerProfileStatus {
    @JsonPropertyDescription("Where the parameters came from: a table of a paper, a calibration run, a user.")
    public String source;
    @JsonPropertyDescription("How well the parameters fit the measured points they were fitted to.")
    public FitStatus fit;

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
    }
}
