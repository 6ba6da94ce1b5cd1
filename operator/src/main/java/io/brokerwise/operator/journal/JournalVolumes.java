package io.brokerwise.operator.journal;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.operator.dependent.JournalClaim;
import io.brokerwise.operator.layout.Conditions;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.operator.monitor.BrokerMonitor;
import io.brokerwise.operator.monitor.BrokerReading;
import io.brokerwise.operator.monitor.Readings;
import io.brokerwise.operator.monitor.ScrapeTarget;
import io.brokerwise.operator.monitor.WakeOnChange;
import io.brokerwise.operator.monitor.Wakes;
import io.brokerwise.operator.monitor.Watcher;
import io.brokerwise.routing.RoutingMap;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * Watches how full the journal volumes of a topology's brokers are, through the scraper, and gives the
 * JournalVolumes condition ({@link JournalVolumeVerdict}). It watches the brokers the StatefulSet runs, every one of
 * them, routed or retiring: a retiring broker's journal holds messages too. What runs decides, not what the spec asks:
 * a storage change the operator refused leaves the brokers on the volumes they have. A read wakes the topology only
 * when it changes the condition ({@link #wakes}).
 */
@ApplicationScoped
public class JournalVolumes {

    /** How often each broker is read for its volume: a volume that fills is seen well before its clients' sends fail. */
    public static final Duration EVERY = Duration.ofSeconds(15);

    @Inject
    BrokerMonitor monitor;

    /**
     * The JournalVolumes condition of a topology whose brokers run as {@code running}; empty, and its brokers no longer
     * read for it, when they keep no journal. The brokers are read as {@code metricsUser}; without one nothing is read
     * and the condition is Unknown.
     */
    public Optional<Conditions.Verdict> check(PubSubTopology topology, Optional<StatefulSet> running,
                                              Optional<BrokerCredentials> metricsUser) {
        Watcher watcher = Watcher.of(ResourceID.fromResource(topology), "journal");
        Optional<StatefulSet> journaled = running.filter(s -> JournalClaim.of(s).isPresent());
        if (journaled.isEmpty() || metricsUser.isEmpty()) {
            monitor.forget(watcher);
            return journaled.map(s -> JournalVolumeVerdict.of(claims(topology, s).stream()
                    .map(JournalVolumeVerdict.Volume::unread).toList()));
        }
        List<String> claims = claims(topology, journaled.get());
        List<ScrapeTarget> targets = monitor.targets(RoutingMap.statefulSetAddresses(topology.getMetadata().getName(),
                topology.getMetadata().getNamespace(), Names.BROKER_PORT, claims.size()), metricsUser.get());
        Conditions.Verdict verdict = verdict(claims, targets, monitor);
        monitor.watch(watcher, targets, EVERY, wakes(verdict, claims, targets, monitor));
        return Optional.of(verdict);
    }

    /** The condition from the last readings, the volume of claim i on the broker of target i. */
    static Conditions.Verdict verdict(List<String> claims, List<ScrapeTarget> targets, Readings readings) {
        return JournalVolumeVerdict.of(IntStream.range(0, claims.size())
                .mapToObj(i -> new JournalVolumeVerdict.Volume(claims.get(i), usage(targets.get(i), readings)))
                .toList());
    }

    /**
     * Which reads wake the topology: those after which the condition is not the one last {@code set}. A volume
     * fills slowly, so most reads find the condition the pass set, and a pass for each would only set it again.
     */
    static Wakes wakes(Conditions.Verdict set, List<String> claims, List<ScrapeTarget> targets, Readings readings) {
        return new WakeOnChange<>(set, () -> verdict(claims, targets, readings));
    }

    /** The claim of each broker the StatefulSet runs, by ordinal. */
    private static List<String> claims(PubSubTopology topology, StatefulSet running) {
        return IntStream.range(0, running.getSpec().getReplicas())
                .mapToObj(i -> JournalClaim.claimName(Names.statefulSet(topology), i)).toList();
    }

    /** The volume's usage at the broker's last read; NaN when the last read failed or none was made yet. */
    private static double usage(ScrapeTarget target, Readings readings) {
        return readings.failing(target) ? Double.NaN : readings.last(target).map(BrokerReading::sample)
                .map(BrokerSample::diskStoreUsage).orElse(Double.NaN);
    }
}
