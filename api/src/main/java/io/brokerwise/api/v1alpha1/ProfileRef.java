package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;

/** A BrokerProfile in the topology's namespace, or a built-in profile by name. */
public class ProfileRef {
    @Required
    @JsonPropertyDescription("Name of a BrokerProfile in the topology's namespace, else of a built-in profile; a "
            + "built-in family name such as henjes-activemq picks the variant for the workload's filter kind.")
    public String name;

    public ProfileRef() {
    }

    public ProfileRef(String name) {
        this.name = name;
    }
}
