package io.brokerwise.operator.autoscaling;

import io.brokerwise.api.planning.AutoscalingInput;
import io.brokerwise.api.v1alpha1.AutoscalingSpec;
import io.brokerwise.api.v1alpha1.AutoscalingStatus;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologyStatus;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.model.autoscaling.ObservedLoad;
import io.brokerwise.model.autoscaling.ScalingDecision;
import io.brokerwise.model.autoscaling.ScalingRules;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.operator.ResourceEvents;
import io.brokerwise.operator.dependent.RoutingConfigMap;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.operator.layout.TopologyPlanning.Planned;
import io.brokerwise.operator.monitor.BrokerMonitor;
import io.brokerwise.operator.monitor.BrokerReading;
import io.brokerwise.operator.monitor.ScrapeTarget;
import io.brokerwise.operator.monitor.Watcher;
import io.brokerwise.routing.ClientMoves;
import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The operator's side of {@code spec.autoscaling}, on each pass of a topology: once a window has passed since the
 * last reading of the brokers its routing map names, read them again, observe the workload between the two readings
 * (docs/models.md sec. 10), decide with the control rules, and report: {@code status.autoscaling}, the Autoscaling
 * condition, and an event for each change the rules propose. Mode Auto also applies the change: it becomes the
 * layout {@link AutoscaledLayout} holds, which the reconciler deploys in place of the plan. Mode Off forgets the
 * topology and reports nothing.
 */
@ApplicationScoped
public class AutoscalingObserver {

    public static final String CONDITION = "Autoscaling";


    private final LastReadings readings = new LastReadings();
    private final Clock clock = Clock.systemUTC();

    @Inject
    BrokerMonitor monitor;

    /**
     * One pass: reads the brokers if a window has passed, and reports.
     *
     * @param planned the topology's plan; empty when it is invalid or has no nodes, and so nothing to decide with
     * @param routed  the routing map clients follow; empty before its brokers were first all Ready
     * @param metricsUser the user that reads the brokers' metrics; empty before the topology's Secret exists
     * @return when to look again even if no read wakes the topology first ({@link #backstop}); empty when there is
     *         nothing to read (a routing map's change, or the plan's, starts the next pass)
     */
    public Optional<Duration> observe(PubSubTopology topology, PubSubTopologyStatus status, Optional<Planned> planned,
                                      Optional<RoutingMap> routed, Optional<BrokerCredentials> metricsUser,
                                      KubernetesClient client) {
        ResourceID id = ResourceID.fromResource(topology);
        AutoscalingSpec spec = topology.getSpec() == null ? null : topology.getSpec().autoscaling;
        if (spec == null || spec.mode == null || spec.mode == AutoscalingSpec.Mode.Off) {
            readings.forget(id);
            monitor.forget(watcher(id));
            status.autoscaling = null;
            status.conditions.removeIf(c -> CONDITION.equals(c.getType()));
            return Optional.empty();
        }
        if (planned.isEmpty() || routed.isEmpty() || metricsUser.isEmpty()) {
            readings.forget(id);
            monitor.forget(watcher(id));
            condition(client, topology, status, "Unknown", "NothingToObserve", planned.isEmpty()
                    ? "no plan to decide with (see the Planned condition)" : routed.isEmpty()
                    ? "no routing map names the brokers yet"
                    : "no metrics user to read the brokers with (Secret " + Names.management(topology) + ")");
            return Optional.empty();
        }
        Duration window = AutoscalingInput.window(spec);
        RoutingMap map = routed.get();
        List<ScrapeTarget> targets = monitor.targets(observed(map), metricsUser.get());
        // the brokers' reads wake us only when they are due: another watcher may have them read more often
        monitor.watch(watcher(id), targets, window,
                () -> !waits(readings.on(id, map), reading(targets), clock.instant(), window));
        CounterReading later = reading(targets);
        Optional<CounterReading> earlier = readings.on(id, map);
        if (waits(earlier, later, clock.instant(), window)) {
            // the scraper reads them again once a window has passed since the earlier reading, and that read wakes us
            return backstop(window);
        }
        if (later.newest().isEmpty()) {
            return unread(topology, status, map, targets, window, client);
        }
        if (earlier.isEmpty()) {
            readings.remember(id, map, later);
            condition(client, topology, status, "Unknown", "FirstReading", "the brokers' counters are read; the "
                    + "workload is observed from the next reading, " + spec.window + " later" + silent(map, later));
            return backstop(window);
        }
        readings.remember(id, map, later);
        observe(topology, status, planned.get(), map, earlier.get(), later, client);
        return backstop(window);
    }

    /**
     * Whether a pass can only wait for a later reading: the brokers were read, but within a window of the earlier
     * reading, or none of them since. Such a pass reports nothing, so a read that leaves it waiting wakes nobody.
     */
    static boolean waits(Optional<CounterReading> earlier, CounterReading later, Instant now, Duration window) {
        return later.newest().isPresent() && earlier.isPresent()
                && (now.isBefore(earlier.get().newest().orElseThrow().plus(window)) || !later.newerThan(earlier.get()));
    }

    /**
     * The scraper's reads wake the topology (its reconciler's event source) a window apart: a pass on a timer of its
     * own would only come between them and find nothing new. This later look catches a wake that never came.
     */
    static Optional<Duration> backstop(Duration window) {
        return Optional.of(window.multipliedBy(2));
    }

    /** No broker of the map read yet: the scraper is about to, or none of them answers. */
    private Optional<Duration> unread(PubSubTopology topology, PubSubTopologyStatus status, RoutingMap map,
                                      List<ScrapeTarget> targets, Duration window, KubernetesClient client) {
        if (!targets.stream().allMatch(monitor::failing)) {
            // a read is under way, or due within the scraper's next tick: its end wakes us
            return backstop(window);
        }
        readings.forget(ResourceID.fromResource(topology));
        condition(client, topology, status, "False", "IncompleteObservation", "no broker answered on its metrics "
                + "port: " + String.join(", ", map.brokers()));
        return backstop(window);
    }

    private void observe(PubSubTopology topology, PubSubTopologyStatus status, Planned planned, RoutingMap map,
                         CounterReading earlier, CounterReading later, KubernetesClient client) {
        try {
            decide(topology, status, planned, map, LoadObservation.between(map, earlier, later), client);
            reportMode(client, topology, status, topology.getSpec().autoscaling, silent(map, later));
        } catch (IncompleteObservation e) {
            condition(client, topology, status, "False", "IncompleteObservation", e.getMessage());
        }
        // each queue is observed over its own replicas, whether or not the topic's brokers all answered
        if (!map.queues().isEmpty()) {
            if (status.autoscaling == null) {
                status.autoscaling = new AutoscalingStatus();
            }
            QueueAutoscaling.observe(topology, status.autoscaling, planned, map, earlier, later,
                    AutoscaledLayout.auto(topology), clock, client);
        }
    }

    /**
     * A paused topology's brokers are not read, and its last reading is forgotten: its first pass once resumed reads
     * afresh, since anything may have changed meanwhile.
     */
    public void pause(ResourceID topology) {
        readings.forget(topology);
        monitor.forgetAll(topology);
    }

    /** Forgets the readings of topologies that are gone. */
    public void keepOnly(Set<ResourceID> topologies) {
        readings.keepOnly(topologies);
        monitor.keepOnly(topologies);
    }

    /** The scraper's last reading of each target, by broker. */
    private CounterReading reading(List<ScrapeTarget> targets) {
        Map<String, BrokerReading> last = new HashMap<>();
        targets.forEach(t -> monitor.last(t).ifPresent(r -> last.put(t.broker(), r)));
        return new CounterReading(last);
    }

    /** The brokers the map routes the topic to, and those of its queues' replicas beyond them. */
    private static List<String> observed(RoutingMap map) {
        return Stream.concat(map.brokers().stream(), map.queues().stream()
                .flatMap(q -> q.replicas().stream().map(QueueRoute.Replica::address))).distinct().toList();
    }

    private static Watcher watcher(ResourceID topology) {
        return Watcher.of(topology, "autoscaling");
    }

    private void decide(PubSubTopology topology, PubSubTopologyStatus status, Planned planned, RoutingMap map,
                        ObservedLoad load, KubernetesClient client) {
        var input = planned.input();
        ScalingRules rules = new ScalingRules(AutoscalingInput.policy(topology.getSpec()), input.workload(),
                planned.profile(), input.objectives(), input.limits(), input.mode(), clock);
        ScalingDecision decision = rules.decide(new Layout(map.publisherGroups(), map.subscriberGroups()), load,
                inhibitedUntil(status.autoscaling));
        ClientMoves moves = ClientMoves.between(map, RoutingConfigMap.movedTo(Optional.of(map),
                topology.getMetadata().getName(), topology.getMetadata().getNamespace(), decision.to()),
                load.publishers(), load.subscribers());
        boolean auto = topology.getSpec().autoscaling.mode == AutoscalingSpec.Mode.Auto;
        status.autoscaling = AutoscalingReport.of(status.autoscaling, load, decision, moves, auto);
        if (decision.changes()) {
            // one event a change: the inhibition it starts holds the next one back for the delay
            String change = status.autoscaling.recommendation.from + " -> " + status.autoscaling.recommendation.to;
            ResourceEvents.record(client, topology, true, decision.reason(), (auto ? "autoscaling scales " + change
                    + ", moving " : "autoscaling proposes " + change + ", not applied, would move ")
                    + moves.publishers() + " publishers and " + moves.subscriptions() + " subscriptions: "
                    + decision.message());
        }
    }

    private static Optional<Instant> inhibitedUntil(AutoscalingStatus status) {
        return Optional.ofNullable(status).map(s -> s.inhibitedUntil).map(Instant::parse);
    }

    private static void reportMode(KubernetesClient client, PubSubTopology topology, PubSubTopologyStatus status,
                                   AutoscalingSpec spec, String silent) {
        if (spec.mode == AutoscalingSpec.Mode.Auto) {
            condition(client, topology, status, "True", "Applying", "the brokers are observed every " + spec.window
                    + " and the layout they call for is applied; status.autoscaling.lastScaling has the last change"
                    + silent);
        } else {
            condition(client, topology, status, "True", "Recommending", "the brokers are observed every "
                    + spec.window + "; status.autoscaling.recommendation has the layout they call for, and nothing is "
                    + "applied" + silent);
        }
    }

    /** The brokers of the map the reading lacks, as the end of a condition's message. */
    private static String silent(RoutingMap map, CounterReading reading) {
        List<String> silent = map.brokers().stream().filter(b -> !reading.brokers().containsKey(b)).toList();
        return silent.isEmpty() ? "" : "; left out, not answering on their metrics port: " + String.join(", ", silent);
    }

    private static void condition(KubernetesClient client, PubSubTopology topology, PubSubTopologyStatus status,
                                  String value, String reason, String message) {
        ResourceEvents.setCondition(client, topology, status.conditions, CONDITION, value, reason, message);
    }
}
