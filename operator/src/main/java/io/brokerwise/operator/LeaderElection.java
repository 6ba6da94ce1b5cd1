package io.brokerwise.operator;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import io.javaoperatorsdk.operator.api.config.ConfigurationService;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfigurationBuilder;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import jakarta.interceptor.Interceptor;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * One active operator among replicas: a Lease in the operator's namespace (quarkus-operator-sdk turns
 * election on for the prod profile only, so tests and dev runs are not held back by it).
 *
 * <p>A stopping operator releases the Lease, so a standby or its replacement leads within its retry period
 * instead of waiting out the lease duration. JOSDK builds Fabric8's elector with {@code releaseOnCancel} off
 * and offers no setting for it (it wants the stop callback in every case), so the release is Fabric8's own
 * {@code LeaderElector.release()}, made once JOSDK has stopped electing.
 *
 * <p>An operator that loses the Lease while running exits, so two never reconcile at once. That exit is ours, not
 * JOSDK's ({@code exitOnStopLeading}): JOSDK's fires on a normal stop too, from the shutdown thread, where
 * {@code System.exit} blocks for good; the operator then hung on SIGTERM until killed, still holding the Lease.
 */
@Singleton
public class LeaderElection {

    public static final String LEASE = "brokerwise-operator";
    /** quarkus-operator-sdk's observer, with the default priority, stops the operator and its elector between. */
    private static final int BEFORE_OPERATOR_STOP = Interceptor.Priority.APPLICATION;
    private static final int AFTER_OPERATOR_STOP = Interceptor.Priority.APPLICATION + 1000;
    private static final Logger LOG = Logger.getLogger(LeaderElection.class);

    /** The pod's name, as JOSDK would take it; chosen here so the release knows whose Lease it is. */
    private final String identity = Optional.ofNullable(System.getenv("HOSTNAME")).filter(h -> !h.isBlank())
            .orElseGet(() -> UUID.randomUUID().toString());
    private volatile boolean stopping;

    @Produces
    @Singleton
    LeaderElectionConfiguration configuration(
            @ConfigProperty(name = "brokerwise.leader-election.lease-namespace") Optional<String> namespace) {
        return LeaderElectionConfigurationBuilder.aLeaderElectionConfiguration(LEASE)
                .withLeaseNamespace(namespace.orElse(null)).withIdentity(identity)
                .withExitOnStopLeading(false)
                .withLeaderCallbacks(new LeaderCallbacks(() -> { }, this::stoppedLeading, leader -> { }))
                .build();
    }

    private void stoppedLeading() {
        if (!stopping) {
            LOG.errorf("%s lost the Lease %s while running: exiting", identity, LEASE);
            System.exit(1);
        }
    }

    void stopping(@Observes @Priority(BEFORE_OPERATOR_STOP) ShutdownEvent event) {
        stopping = true;
    }

    /** Needs the client open after the operator stopped: quarkus.operator-sdk.close-client-on-stop=false. */
    void releaseOnStop(@Observes @Priority(AFTER_OPERATOR_STOP) ShutdownEvent event, ConfigurationService operator) {
        operator.getLeaderElectionConfiguration().ifPresent(election -> {
            KubernetesClient client = operator.getKubernetesClient();
            String namespace = election.getLeaseNamespace().orElse(client.getNamespace());
            try {
                if (release(client, namespace, election.getLeaseName(), identity)) {
                    LOG.infof("released Lease %s/%s", namespace, election.getLeaseName());
                }
            } catch (RuntimeException e) {
                LOG.warnf("could not release Lease %s/%s, a successor waits for it to expire: %s", namespace,
                        election.getLeaseName(), e.getMessage());
            }
        });
    }

    /**
     * Clears the Lease's holder if {@code identity} holds it (Fabric8's release: holder "", duration 1 s); the
     * next participant's retry takes it. Call only once this participant has stopped electing.
     *
     * @return whether this identity held the Lease
     */
    static boolean release(KubernetesClient client, String namespace, String lease, String identity) {
        // the durations and callbacks are what the builder requires; release() reads only the lock
        var config = new LeaderElectionConfigBuilder().withName(lease)
                .withLock(new LeaseLock(namespace, lease, identity))
                .withLeaseDuration(LeaderElectionConfiguration.LEASE_DURATION_DEFAULT_VALUE)
                .withRenewDeadline(LeaderElectionConfiguration.RENEW_DEADLINE_DEFAULT_VALUE)
                .withRetryPeriod(LeaderElectionConfiguration.RETRY_PERIOD_DEFAULT_VALUE)
                .withLeaderCallbacks(new LeaderCallbacks(() -> { }, () -> { }, leader -> { }))
                .build();
        return client.leaderElector().withConfig(config).build().release();
    }
}
