package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.brokerwise.model.Durations;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;

public class WaitingTimeSpec {

    @Default("0.99")
    @Min(value = 0, inclusive = false)
    @Max(value = 1, inclusive = false)
    @JsonPropertyDescription("The quantile (a probability in (0, 1), e.g. 0.9999) that is bounded and reported. "
            + "Default: 0.99.")
    public Double quantile;

    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription("Bound on that quantile of a message's wait before service: " + Durations.FORM
            + " (e.g. 750us, 5ms, 0.2s). Default: unset, no bound.")
    public String max;
}
