package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;

/**
 * What a plan says: the layout chosen (or, when nothing is feasible, the closest one with feasible =
 * false), the alternatives with why each lost, and the profile behind every number. {@code brokerwise
 * plan -o json} prints exactly this; the operator writes it into status.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class PlanReport {
    public PlanStatus plan;
    public List<PlanStatus> alternatives;
    @JsonPropertyDescription("The constraint that binds (MaxBrokers, ConnectionsPerBroker, Utilization, Network, "
            + "WaitingTime): when nothing is feasible, the one the closest layout breaks; else the one that rules out "
            + "the next smaller layout. Absent for a single broker and for a fixed layout.")
    public String binding;
    @JsonPropertyDescription("When only the broker limit binds: how many brokers the workload needs.")
    public Long brokersNeeded;
    public ProfileUsed profile;
    public List<String> notes;

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class ProfileUsed {
        public String name;
        public String model;
        public String source;
    }
}
