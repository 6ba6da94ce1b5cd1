package io.brokerwise.operator.dependent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.brokerwise.broker.BrokerRole;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the two Secrets render to from what they hold, without a cluster (BrokerSecretsTest runs them on one). */
class CredentialsSecretTest {

    final BrokerSet brokers = BrokerSet.of(BrokerStatefulSetTest.topology("t", ""));

    @Test
    void aNewSecretHoldsAUserWithAPasswordOfItsOwnPerRole() {
        Secret management = CredentialsSecret.render(brokers, "t-broker-management", ManagementSecret.ROLES,
                Optional.empty());
        Map<String, String> data = management.getData();
        assertEquals(Set.of("METRICS_USER", "METRICS_PASSWORD", "MANAGEMENT_USER", "MANAGEMENT_PASSWORD"), data.keySet());
        assertNotEquals(data.get("METRICS_PASSWORD"), data.get("MANAGEMENT_PASSWORD"));
        assertEquals("brokerwise-metrics", CredentialsSecret.user(management, BrokerRole.METRICS).orElseThrow().user());
        assertEquals("t-broker-management", management.getMetadata().getName());
        assertEquals(Set.of(BrokerRole.APPLICATION), CredentialsSecret.ROLES);
    }

    @Test
    void everyKeyASecretHasIsKeptAndOnlyAMissingUserIsGenerated() {
        Map<String, String> held = new HashMap<>(CredentialsSecret.render(brokers, "t-broker-management",
                ManagementSecret.ROLES, Optional.empty()).getData());
        held.put("METRICS_PREVIOUS_PASSWORD", "cHJldmlvdXM=");
        held.put("MANAGEMENT_PASSWORD", "c2V0LWJ5LWhhbmQ=");
        assertEquals(held, render(held).getData(), "a rotation by hand stays as it is");

        Map<String, String> lacking = new HashMap<>(held);
        lacking.remove("METRICS_PASSWORD");
        Map<String, String> completed = render(lacking).getData();
        assertNotEquals(held.get("METRICS_PASSWORD"), completed.get("METRICS_PASSWORD"));
        assertEquals(held.get("MANAGEMENT_PASSWORD"), completed.get("MANAGEMENT_PASSWORD"));
        assertEquals(held.get("MANAGEMENT_USER"), completed.get("MANAGEMENT_USER"));
    }

    /** Through a rotation the operator reads as the password every broker admits: the previous one, while there is one. */
    @Test
    void theOperatorReadsMetricsWithThePasswordEveryBrokerAdmits() {
        Secret management = CredentialsSecret.render(brokers, "t-broker-management", ManagementSecret.ROLES,
                Optional.empty());
        String current = CredentialsSecret.value(management, "METRICS_PASSWORD").orElseThrow();
        assertEquals(current, ManagementSecret.metricsUser(management).orElseThrow().password());
        Map<String, String> rotating = new HashMap<>(management.getData());
        rotating.put("METRICS_PREVIOUS_PASSWORD", "cHJldmlvdXM="); // "previous"
        assertEquals("previous", ManagementSecret.metricsUser(render(rotating)).orElseThrow().password());
        assertEquals("brokerwise-metrics", ManagementSecret.metricsUser(render(rotating)).orElseThrow().user());
    }

    private Secret render(Map<String, String> data) {
        return CredentialsSecret.render(brokers, "t-broker-management", ManagementSecret.ROLES,
                Optional.of(new SecretBuilder().withData(data).build()));
    }
}
