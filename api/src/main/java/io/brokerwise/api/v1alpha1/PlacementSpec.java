package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;

public class PlacementSpec {

    /** The label and taint dedicated broker nodes carry (docs/operations.md: label and taint your nodes). */
    public static final String BROKER_NODE_KEY = "brokerwise.io/broker-node";

    @Default("{\"" + BROKER_NODE_KEY + "\": \"true\"}")
    @JsonPropertyDescription("Labels a dedicated broker node carries; brokers run only there and the broker limit "
            + "counts only those nodes. Default: {brokerwise.io/broker-node: \"true\"}; {} means every node.")
    public Map<String, String> nodeSelector;

    @Default("[{\"key\": \"" + BROKER_NODE_KEY + "\", \"operator\": \"Exists\", \"effect\": \"NoSchedule\"}]")
    @SchemaFrom(type = TolerationSchema[].class)
    @JsonPropertyDescription("Taints of the dedicated nodes that brokers tolerate; a node with a NoSchedule or "
            + "NoExecute taint not tolerated here does not count. Default: the brokerwise.io/broker-node NoSchedule "
            + "taint, whatever its value.")
    public List<Toleration> tolerations;

    @Default("1")
    @Min(1)
    @Max(Integer.MAX_VALUE)
    @JsonPropertyDescription("Brokers one node may run; 1 keeps brokers on different nodes (required anti-affinity), "
            + "more spreads them evenly. Default: 1.")
    public Integer brokersPerNode;

    @Min(1)
    @Max(Integer.MAX_VALUE)
    @JsonPropertyDescription("Upper bound on brokers; the operator also limits them to matching nodes times "
            + "brokersPerNode. Default: 1024.")
    public Integer maxBrokers;

    @Min(value = 0, inclusive = false)
    @JsonPropertyDescription("Network capacity of each dedicated node in bits/s per direction, shared by its "
            + "brokersPerNode brokers. Default: the profile's spec.parameters.networkBitsPerSecond, else 1e10 (10 Gbit/s).")
    public Double networkBitsPerSecond;
}
