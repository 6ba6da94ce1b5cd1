package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.ValidationRule;

@ValidationRule(value = "self.mode != 'Auto' || (!has(self.publisherGroups) && !has(self.subscriberGroups))",
        message = "publisherGroups and subscriberGroups need mode PSR, SSR or Grid")
@ValidationRule(value = "self.mode != 'Grid' || (has(self.publisherGroups) && has(self.subscriberGroups))",
        message = "mode Grid needs publisherGroups and subscriberGroups")
@ValidationRule(value = "self.mode != 'PSR' || !has(self.subscriberGroups) || self.subscriberGroups == 1",
        message = "mode PSR has exactly one subscriber group")
@ValidationRule(value = "self.mode != 'SSR' || !has(self.publisherGroups) || self.publisherGroups == 1",
        message = "mode SSR has exactly one publisher group")
public class TopologySpec {

    @Default("Auto")
    @JsonPropertyDescription("Auto searches every k x l layout; PSR (l = 1), SSR (k = 1) and Grid restrict the search. "
            + "Default: Auto.")
    public Mode mode;

    @Min(1)
    @Max(Integer.MAX_VALUE)
    @JsonPropertyDescription("Fixed k: publisher groups, each sending to one row of brokers. Unset: the planner "
            + "chooses.")
    public Integer publisherGroups;

    @Min(1)
    @Max(Integer.MAX_VALUE)
    @JsonPropertyDescription("Fixed l: subscriber groups, each registering at one column of brokers. Unset: the "
            + "planner chooses.")
    public Integer subscriberGroups;

    public enum Mode { Auto, PSR, SSR, Grid }
}
