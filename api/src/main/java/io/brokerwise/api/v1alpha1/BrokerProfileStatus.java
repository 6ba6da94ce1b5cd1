package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;

@JsonInclude(JsonInclude.Include.NON_NULL)
public class BrokerProfileStatus {
    /** Where the parameters came from: a table of the dissertation, a calibration run, a user. */
    public String source;
    public FitStatus fit;

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class FitStatus {
        public Integer points;
        public Double rSquared;
        public Double medianRelativeError;
        public Double maxRelativeError;
    }
}
