package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.brokerwise.model.Durations;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.ValidationRule;

/** One topic of a topology that carries several on one layout (docs/models.md sec. 12). */
@ValidationRule(value = "self.workload.replicationGrade.mean <= double(self.workload.subscribers "
        + "* (self.workload.filtersPerSubscriber > 0 ? self.workload.filtersPerSubscriber : 1))",
        message = "workload.replicationGrade.mean cannot exceed workload.subscribers times filtersPerSubscriber")
public class TopicSpec {

    @Required
    @Pattern(QueueSpec.NAME_PATTERN)
    @JsonPropertyDescription("The JMS topic's name: lower-case letters, digits and '-', at most 63 characters, starting "
            + "and ending with a letter or digit. It must differ from every other topic's and queue's.")
    public String name;

    @Required
    @JsonPropertyDescription("The topic's publishers, subscribers and filters, as spec.workload declares one topic's. "
            + "A topic may have no subscribers yet (subscribers: 0, replicationGrade.mean: 0).")
    public WorkloadSpec workload;

    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription("This topic's own bound on the waiting-time quantile of spec.objectives.waitingTime: "
            + Durations.FORM + ". Every topic of a broker waits in one queue, so the tightest bound holds for all of "
            + "them (docs/models.md sec. 12). Default: unset, only spec.objectives.waitingTime.max.")
    public String maxWaitingTime;
}
