package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Required;

public class PubSubTopologySpec {

    @Required
    @JsonPropertyDescription("The publishers, subscribers and filters the brokers must carry.")
    public WorkloadSpec workload;

    @JsonPropertyDescription("The BrokerProfile whose fitted times the model uses; a built-in profile name such as "
            + "henjes-activemq also works.")
    public ProfileRef profileRef;

    @JsonPropertyDescription("CPU and network utilization caps and the waiting-time bound every broker must meet.")
    public ObjectivesSpec objectives = new ObjectivesSpec();

    @JsonPropertyDescription("Which layouts the planner may use.")
    public TopologySpec topology = new TopologySpec();

    @JsonPropertyDescription("Where brokers may run, how many there may be, and the network capacity of their nodes.")
    public PlacementSpec placement = new PlacementSpec();

    @JsonPropertyDescription("Broker pods: image, resources, connection limit.")
    public BrokerSpec broker = new BrokerSpec();

    @JsonPropertyDescription("Measuring each deployed layout against its prediction.")
    public VerificationSpec verification = new VerificationSpec();

    @Default("Automatic")
    @JsonPropertyDescription("Automatic applies a new plan at once; Manual holds it in status until approved.")
    public Approval approval;

    public enum Approval { Automatic, Manual }
}
