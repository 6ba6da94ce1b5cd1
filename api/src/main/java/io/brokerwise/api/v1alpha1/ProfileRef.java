package io.brokerwise.api.v1alpha1;

import io.fabric8.generator.annotation.Required;

/** A BrokerProfile in the topology's namespace, or a built-in profile by name. */
public class ProfileRef {
    @Required
    public String name;

    public ProfileRef() {
    }

    public ProfileRef(String name) {
        this.name = name;
    }
}
