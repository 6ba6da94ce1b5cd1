package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import java.util.List;

@JsonInclude(JsonInclude.Include.NON_NULL)
public class CalibrationSpec {

    @Pattern("^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$")
    @JsonPropertyDescription("The BrokerProfile to create or update with the fitted parameters (same namespace).")
    public String profileName;

    @JsonPropertyDescription("Matching subscribers r of the series' points. Default [1, 2, 5, 10, 20].")
    public List<Integer> replicationGrades;

    @JsonPropertyDescription("Additional non-matching filters m_add of the series' points. Default [5, 20, 80, 160].")
    public List<Integer> additionalFilters;
}
