package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Two leader-election participants on the real API server, as two operator replicas, under the chart's RBAC
 * (the Lease Role in the operator's namespace): the leader stops and releases the Lease, and the standby leads
 * long before the lease duration could have run out. Here the participants are Fabric8 electors as JOSDK runs
 * them; that the operator calls the release on shutdown is seen on the cluster tier (an operator restart).
 */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class LeaseReleaseTest {

    /** Far longer than the test waits: a standby that leads did not wait for the Lease to expire. */
    static final Duration LEASE_DURATION = Duration.ofMinutes(5);
    static final String LEASE = "handover";

    @Inject
    KubernetesClient operatorClient;

    @Test
    void aStoppedLeaderReleasesTheLeaseAndTheStandbyLeads() {
        CompletableFuture<?> first = participant("first").start();
        awaitHolder("first");
        CompletableFuture<?> standby = participant("standby").start();
        try {
            assertFalse(LeaderElection.release(operatorClient, Helm.NAMESPACE, LEASE, "standby"),
                    "only the holder releases");
            assertEquals("first", holder());

            first.cancel(true); // as JOSDK stops electing when the operator stops
            assertTrue(LeaderElection.release(operatorClient, Helm.NAMESPACE, LEASE, "first"));
            awaitHolder("standby");
        } finally {
            first.cancel(true);
            standby.cancel(true);
        }
    }

    private io.fabric8.kubernetes.client.extended.leaderelection.LeaderElector participant(String identity) {
        return operatorClient.leaderElector().withConfig(new LeaderElectionConfigBuilder().withName(LEASE)
                .withLock(new LeaseLock(Helm.NAMESPACE, LEASE, identity))
                .withLeaseDuration(LEASE_DURATION).withRenewDeadline(Duration.ofSeconds(10))
                .withRetryPeriod(Duration.ofSeconds(1))
                .withLeaderCallbacks(new LeaderCallbacks(() -> { }, () -> { }, leader -> { }))
                .build()).build();
    }

    private void awaitHolder(String identity) {
        Awaitility.await().atMost(TestCluster.WAIT).alias("Lease held by " + identity)
                .until(() -> identity.equals(holder()));
    }

    private String holder() {
        Lease lease = operatorClient.leases().inNamespace(Helm.NAMESPACE).withName(LEASE).get();
        return lease == null ? null : lease.getSpec().getHolderIdentity();
    }
}
