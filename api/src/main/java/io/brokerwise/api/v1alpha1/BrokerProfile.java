package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Version;

/** A broker's fitted message-processing times (dissertation ch. 4), given or calibrated. */
@Group("brokerwise.io")
@Version("v1alpha1")
@ShortNames("bp")
@AdditionalPrinterColumn(name = "Model", jsonPath = ".spec.model")
@AdditionalPrinterColumn(name = "R2", jsonPath = ".status.fit.rSquared", type = AdditionalPrinterColumn.Type.NUMBER)
@AdditionalPrinterColumn(name = "Age", jsonPath = ".metadata.creationTimestamp", type = AdditionalPrinterColumn.Type.DATE)
public class BrokerProfile extends CustomResource<BrokerProfileSpec, BrokerProfileStatus> implements Namespaced {

    // overridden only to describe spec and status for kubectl explain
    @Override
    @JsonPropertyDescription("A broker's message-processing times, given or fitted by calibration, and the model they belong to.")
    public BrokerProfileSpec getSpec() {
        return super.getSpec();
    }

    @Override
    @JsonPropertyDescription("Where the parameters came from and how well they fit.")
    public BrokerProfileStatus getStatus() {
        return super.getStatus();
    }
}
