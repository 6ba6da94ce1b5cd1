package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Min;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;

public class PlacementSpec {

    @JsonPropertyDescription("Labels of the dedicated broker nodes.")
    public Map<String, String> nodeSelector;

    @JsonPropertyDescription("Taints of the dedicated nodes that brokers tolerate.")
    public List<Toleration> tolerations;

    @Default("1")
    @Min(1)
    public Integer brokersPerNode;

    @Min(1)
    @JsonPropertyDescription("Upper bound on brokers; the operator also counts matching nodes times brokersPerNode.")
    public Integer maxBrokers;

    @Min(value = 0, inclusive = false)
    @JsonPropertyDescription("Network capacity of each dedicated node in bits/s per direction, shared by its "
            + "brokersPerNode brokers. Default: the profile's spec.parameters.networkBitsPerSecond, else 1e10 (10 Gbit/s).")
    public Double networkBitsPerSecond;
}
