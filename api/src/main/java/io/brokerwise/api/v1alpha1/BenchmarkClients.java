package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;

/** The pods that generate the load. They never run on the dedicated broker nodes unless placed there. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class BenchmarkClients {

    @Min(1)
    @Max(16)
    @Default("1")
    @JsonPropertyDescription("Client pods the load is split over (publishers and subscribers alike). Default 1.")
    public Integer replicas = 1;

    @Default("1")
    @JsonPropertyDescription("CPU of each client pod (request and limit), such as 1 or 500m. Default 1.")
    public String cpu = "1";

    /**
     * A quota throttles a client in bursts even when its average is well under it. On the local cluster an
     * unthrottled client measured the same brokers no faster (benchmarks/RESULTS.md, the Job against the host's
     * load generator), but a team whose nodes run busier may want the bursts served.
     */
    @Default("true")
    @JsonPropertyDescription("Whether each client pod's CPU is limited to cpu (a Guaranteed pod). false sets only the "
            + "request: no CPU quota throttles the clients, and they may use their node's idle CPU. Default true.")
    public Boolean cpuLimited = true;

    /** With less (768Mi) the Job measured the same brokers 12-35% below the host's generator: benchmarks/RESULTS.md. */
    @Default("1536Mi")
    @JsonPropertyDescription("Memory of each client pod (request and limit), such as 1536Mi; the clients' heap is 70% "
            + "of it. Default 1536Mi.")
    public String memory = "1536Mi";

    @JsonPropertyDescription("Node labels the client pods must match. Default: none, and the pods stay off nodes "
            + "labelled brokerwise.io/broker-node.")
    public Map<String, String> nodeSelector;

    @SchemaFrom(type = TolerationSchema[].class)
    @JsonPropertyDescription("Taints the client pods tolerate. Default: none.")
    public List<Toleration> tolerations;

    @JsonPropertyDescription("The client image. Default: the operator's benchmark image.")
    public String image;
}
