package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;

/**
 * What a plan says: the layout chosen (or, when nothing is feasible, the closest one with feasible =
 * false), the alternatives with why each lost, the profile behind every number, and each queue's plan.
 * {@code brokerwise plan -o json} prints exactly this; the operator writes it into status.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class PlanReport {
    @JsonPropertyDescription("The layout chosen: the feasible one with the fewest brokers; when nothing is feasible, "
            + "the closest layout (feasible false). Also set when no node matches the placement: then it is the "
            + "plan the workload would need, not deployed.")
    public PlanStatus plan;
    @JsonPropertyDescription("Every other layout weighed, each with why it lost.")
    public List<PlanStatus> alternatives;
    @JsonPropertyDescription("The constraint that binds (MaxBrokers, ConnectionsPerBroker, Utilization, Network, "
            + "RecoveryTime, WaitingTime, EndToEndLatency): when nothing is feasible, the one the closest layout "
            + "breaks; else the one that rules out the next smaller layout. Absent for a single broker and for a fixed "
            + "layout.")
    public String binding;
    @JsonPropertyDescription("When only the broker limit binds: how many brokers the workload needs.")
    public Long brokersNeeded;
    @JsonPropertyDescription("The broker profile every predicted number comes from.")
    public ProfileUsed profile;
    @JsonPropertyDescription("Assumptions and caveats of this plan, citing docs/models.md.")
    public List<String> notes;
    @JsonPropertyDescription("The plan of each of spec.queues, in order: its replicas and the busiest one's figures, "
            + "or why none is deployed.")
    public List<QueuePlanStatus> queues;

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class ProfileUsed {
        @JsonPropertyDescription("Name of the BrokerProfile or built-in profile.")
        public String name;
        @JsonPropertyDescription("Service-time model: Linear, FilterSharing, SuperLinear, FilterLength or "
                + "SublinearDispatch.")
        public String model;
        @JsonPropertyDescription("Where its parameters came from: a table of a paper, a calibration run, a user.")
        public String source;
    }
}
