package io.brokerwise.operator.autoscaling;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologyStatus;
import io.brokerwise.api.v1alpha1.StorageSpec;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.operator.dependent.BrokerSet;
import io.brokerwise.operator.layout.Conditions;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.operator.monitor.BrokerMonitor;
import io.brokerwise.operator.monitor.ScrapeTarget;
import io.brokerwise.operator.monitor.Watcher;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.brokerwise.routing.RoutingMap;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Retiring a broker in two steps (Taton et al., sec. 5.2): the routing map marks it by no longer naming it, and
 * its clients leave it at their own pace (the watcher's period, a subscriber's settling time); only once its
 * metrics show no producer and no consumer connection, and no message held for a durable subscription, does the
 * StatefulSet lose its pod ({@link RetiringBroker}), judged only on a read sent after the shrink began: a reading
 * taken before, by this or another watcher of the scraper, may be of a broker its clients had not reached yet. A
 * StatefulSet removes its highest ordinals first, so every pod up to the highest one whose broker still holds a
 * client or a message stays. A broker that does not answer on its metrics port goes, as there is no client to wait for that the operator can see, unless its journal claim is deleted
 * with its pod (a journal, {@code whenScaled: Delete}): that journal may hold messages, so such a broker stays until it
 * answers. This holds for every shrink, the autoscaler's or a changed spec's: clients see a new map only when the
 * kubelet re-mounts it, a minute or more later, and a broker removed before that takes their messages with it.
 * Brokers are read for this only while a shrink is pending.
 */
@ApplicationScoped
public class BrokerRetirement {

    /** How soon a broker that still holds clients is read again. */
    public static final Duration RECHECK = Duration.ofSeconds(5);

    @Inject
    BrokerMonitor monitor;

    /**
     * How many broker pods to keep, and the Retiring condition that says which are kept beyond the layout and for
     * what: each kept broker's line, naming the durable subscriptions whose messages it holds.
     */
    public record Retention(int keep, Conditions.Verdict condition) {
    }

    /**
     * The broker pods to keep, of the {@code replicas} the StatefulSet has, when the routing map and the layout being
     * deployed use the first {@code routed}; {@code status.autoscaling.retiring} lists those kept beyond them, as the
     * Retiring condition does. The brokers are read as {@code metricsUser}, by the scraper: a broker not read yet
     * stays until it is; one whose read fails goes unless its journal goes with it; with no metrics user to read
     * them as, all go.
     */
    public Retention keep(PubSubTopology topology, PubSubTopologyStatus status, int replicas, int routed,
                          Optional<BrokerCredentials> metricsUser) {
        Watcher watcher = Watcher.of(ResourceID.fromResource(topology), "retiring");
        if (replicas <= routed || metricsUser.isEmpty()) {
            monitor.forget(watcher);
            clear(status);
            return new Retention(routed, new Conditions.Verdict(Conditions.RETIRING, false, "NoneHeld",
                    "no broker the layout left is kept"));
        }
        List<String> pods = RoutingMap.statefulSetAddresses(topology.getMetadata().getName(),
                topology.getMetadata().getNamespace(), Names.BROKER_PORT, replicas);
        List<ScrapeTarget> targets = monitor.targets(pods.subList(routed, replicas), metricsUser.get());
        monitor.watch(watcher, targets, RECHECK);
        boolean journalGoesWithPod = journalGoesWithPod(topology);
        // the retiring brokers' first watch began when the layout left them: only reads sent since then count
        Instant since = monitor.watchingSince(watcher).orElseThrow();
        List<String> retiring = new ArrayList<>();
        int keep = routed;
        for (int i = routed; i < replicas; i++) {
            RetiringBroker broker = RetiringBroker.judge(monitor, targets.get(i - routed), since, journalGoesWithPod);
            if (broker.stays()) {
                keep = i + 1;
            }
            retiring.add(Names.statefulSet(topology) + "-" + i + ": " + broker.state());
        }
        if (keep == routed) {
            clear(status);
            return new Retention(keep, new Conditions.Verdict(Conditions.RETIRING, false, "NoneHeld",
                    "the brokers the layout left hold no client and no message: their pods go"));
        }
        List<String> kept = retiring.subList(0, keep - routed);
        if (status.autoscaling != null) {
            status.autoscaling.retiring = kept;
        }
        return new Retention(keep, new Conditions.Verdict(Conditions.RETIRING, true, "HeldForClientsOrMessages",
                "kept until their clients leave and what they hold is taken: " + String.join("; ", kept)));
    }

    /** Whether a retired broker's journal claim goes with its pod: it keeps a journal, and whenScaled is Delete. */
    private static boolean journalGoesWithPod(PubSubTopology topology) {
        return Optional.ofNullable(BrokerSet.of(topology).claim())
                .map(claim -> claim.whenScaled() == StorageSpec.Policy.Delete).orElse(false);
    }

    private static void clear(PubSubTopologyStatus status) {
        if (status.autoscaling != null) {
            status.autoscaling.retiring = null;
        }
    }
}
