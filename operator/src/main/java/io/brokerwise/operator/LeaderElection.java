package io.brokerwise.operator;

import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * One active operator among replicas: a Lease in the operator's namespace (quarkus-operator-sdk turns
 * election on for the prod profile only, so tests and dev runs are not held back by it).
 */
public class LeaderElection {

    @Produces
    @Singleton
    LeaderElectionConfiguration configuration(
            @ConfigProperty(name = "brokerwise.leader-election.lease-namespace") java.util.Optional<String> namespace) {
        return new LeaderElectionConfiguration("brokerwise-operator", namespace.orElse(null));
    }
}
