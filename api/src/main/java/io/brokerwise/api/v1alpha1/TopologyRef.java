package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;

/** A PubSubTopology in the same namespace. */
public class TopologyRef {
    @Required
    @JsonPropertyDescription("The PubSubTopology's metadata.name.")
    public String name;

    public TopologyRef() {
    }

    public TopologyRef(String name) {
        this.name = name;
    }
}
