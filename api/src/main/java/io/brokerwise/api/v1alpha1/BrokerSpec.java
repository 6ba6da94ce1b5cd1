package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Min;

public class BrokerSpec {

    @JsonPropertyDescription("Broker image; the operator's default when unset.")
    public String image;

    @JsonPropertyDescription("CPU per broker (requests = limits), e.g. 2.")
    public String cpu;

    @JsonPropertyDescription("Memory per broker (requests = limits), e.g. 2Gi.")
    public String memory;

    @Min(2)
    @JsonPropertyDescription("Connections a broker accepts; the planner keeps publishers plus subscribers per broker below it.")
    public Long maxConnections;
}
