package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Version;

/** A declared publish/subscribe workload that Brokerwise plans, deploys and verifies a broker layout for. */
@Group("brokerwise.io")
@Version("v1alpha1")
@ShortNames("pst")
@AdditionalPrinterColumn(name = "Topology", jsonPath = ".status.plan.topology")
@AdditionalPrinterColumn(name = "Brokers", jsonPath = ".status.plan.brokers", type = AdditionalPrinterColumn.Type.INTEGER)
@AdditionalPrinterColumn(name = "Capacity", jsonPath = ".status.plan.capacity", type = AdditionalPrinterColumn.Type.NUMBER)
@AdditionalPrinterColumn(name = "Utilization", jsonPath = ".status.plan.utilization", type = AdditionalPrinterColumn.Type.NUMBER)
@AdditionalPrinterColumn(name = "Ready", jsonPath = ".status.conditions[?(@.type==\"Ready\")].status")
@AdditionalPrinterColumn(name = "Verified", jsonPath = ".status.conditions[?(@.type==\"Verified\")].status")
@AdditionalPrinterColumn(name = "Age", jsonPath = ".metadata.creationTimestamp", type = AdditionalPrinterColumn.Type.DATE)
public class PubSubTopology extends CustomResource<PubSubTopologySpec, PubSubTopologyStatus> implements Namespaced {

    // overridden only to describe spec and status for kubectl explain
    @Override
    @JsonPropertyDescription("The workload to carry and how: objectives, layouts, placement, broker pods, approval. Only workload is required.")
    public PubSubTopologySpec getSpec() {
        return super.getSpec();
    }

    @Override
    @JsonPropertyDescription("What the operator made of the spec: the plan and its alternatives, the profile used, the last verification, what autoscaling observed and proposes, and the conditions Valid, Planned, Deployed, Ready, Verified and Autoscaling.")
    public PubSubTopologyStatus getStatus() {
        return super.getStatus();
    }
}
