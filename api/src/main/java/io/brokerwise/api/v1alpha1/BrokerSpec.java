package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Min;

public class BrokerSpec {

    @JsonPropertyDescription("Broker container image. Default: the operator's (the chart's brokerImage value).")
    public String image;

    @Default("500m")
    @JsonPropertyDescription("CPU per broker, a Kubernetes quantity (cores: 500m, 2); requests equal limits. Plan "
            + "with a profile calibrated at this size. Default: 500m, the size of the default profile.")
    public String cpu;

    @Default("1Gi")
    @JsonPropertyDescription("Memory per broker, a Kubernetes quantity (bytes: 384Mi, 2Gi); requests equal limits. "
            + "Default: 1Gi.")
    public String memory;

    @Min(2)
    @JsonPropertyDescription("Connections a broker accepts (publishers plus subscribers): the planner keeps every "
            + "broker under it, and each broker refuses connections beyond it. A change restarts the brokers one at a "
            + "time. At least 2; unset means no limit.")
    public Long maxConnections;

    @JsonPropertyDescription("TLS on the brokers' acceptor: Generated (default), Provided or Disabled; see mode.")
    public TlsSpec tls;
}
