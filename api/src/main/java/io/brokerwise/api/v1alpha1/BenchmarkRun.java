package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * A measurement of a deployed topology's brokers by a benchmark Job, with the prediction beside every
 * measured figure and a verdict against the tolerance.
 */
@Group("brokerwise.io")
@Version("v1alpha1")
@ShortNames("bwrun")
@AdditionalPrinterColumn(name = "Topology", jsonPath = ".spec.topologyRef.name")
@AdditionalPrinterColumn(name = "Mode", jsonPath = ".spec.mode")
@AdditionalPrinterColumn(name = "Phase", jsonPath = ".status.phase")
@AdditionalPrinterColumn(name = "Measured", jsonPath = ".status.measuredCapacity", type = AdditionalPrinterColumn.Type.NUMBER)
@AdditionalPrinterColumn(name = "Predicted", jsonPath = ".status.predictedCapacity", type = AdditionalPrinterColumn.Type.NUMBER)
@AdditionalPrinterColumn(name = "Error", jsonPath = ".status.capacityErrorPercent")
@AdditionalPrinterColumn(name = "Verdict", jsonPath = ".status.verdict")
@AdditionalPrinterColumn(name = "Age", jsonPath = ".metadata.creationTimestamp", type = AdditionalPrinterColumn.Type.DATE)
public class BenchmarkRun extends CustomResource<BenchmarkRunSpec, BenchmarkRunStatus> implements Namespaced {

    @Override
    @JsonPropertyDescription("What to measure: the topology, the mode, the phases, the load points and the clients.")
    public BenchmarkRunSpec getSpec() {
        return super.getSpec();
    }

    @Override
    @JsonPropertyDescription("Where the run stands, and each measured figure beside the model's prediction.")
    public BenchmarkRunStatus getStatus() {
        return super.getStatus();
    }
}
