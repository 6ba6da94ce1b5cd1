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
import io.brokerwise.routing.ClientMoves;
import io.brokerwise.routing.RoutingMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

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
    MetricsEndpoints endpoints;

    /**
     * One pass: reads the brokers if a window has passed, and reports.
     *
     * @param planned the topology's plan; empty when it is invalid or has no nodes, and so nothing to decide with
     * @param routed  the routing map clients follow; empty before its brokers were first all Ready
     * @param metricsUser the user that reads the brokers' metrics; empty before the topology's Secret exists
     * @return when the next reading is due; empty when there is nothing to read (a routing map's change, or the
     *         plan's, starts the next pass)
     */
    public Optional<Duration> observe(PubSubTopology topology, PubSubTopologyStatus status, Optional<Planned> planned,
                                      Optional<RoutingMap> routed, Optional<BrokerCredentials> metricsUser,
                                      KubernetesClient client) {
        ResourceID id = ResourceID.fromResource(topology);
        AutoscalingSpec spec = topology.getSpec() == null ? null : topology.getSpec().autoscaling;
        if (spec == null || spec.mode == null || spec.mode == AutoscalingSpec.Mode.Off) {
            readings.forget(id);
            status.autoscaling = null;
            status.conditions.removeIf(c -> CONDITION.equals(c.getType()));
            return Optional.empty();
        }
        if (planned.isEmpty() || routed.isEmpty() || metricsUser.isEmpty()) {
            readings.forget(id);
            condition(client, topology, status, "Unknown", "NothingToObserve", planned.isEmpty()
                    ? "no plan to decide with (see the Planned condition)" : routed.isEmpty()
                    ? "no routing map names the brokers yet"
                    : "no metrics user to read the brokers with (Secret " + Names.management(topology) + ")");
            return Optional.empty();
        }
        Duration window = AutoscalingInput.window(spec);
        RoutingMap map = routed.get();
        Optional<CounterReading> earlier = readings.on(id, map);
        if (earlier.isPresent()) {
            Duration left = window.minus(Duration.between(earlier.get().at(), clock.instant()));
            if (!left.isNegative() && !left.isZero()) {
                return Optional.of(left);
            }
        }
        Optional<CounterReading> later = take(map, metricsUser.get());
        if (later.isEmpty()) {
            return Optional.of(window);
        }
        readings.remember(id, map, later.get());
        if (earlier.isEmpty()) {
            condition(client, topology, status, "Unknown", "FirstReading", "the brokers' counters are read; the "
                    + "workload is observed from the next reading, " + spec.window + " later" + silent(map, later.get()));
            return Optional.of(window);
        }
        try {
            decide(topology, status, planned.get(), map, LoadObservation.between(map, earlier.get(), later.get()),
                    client);
            reportMode(client, topology, status, spec, silent(map, later.get()));
        } catch (IncompleteObservation e) {
            condition(client, topology, status, "False", "IncompleteObservation", e.getMessage());
        }
        return Optional.of(window);
    }

    /** Forgets the readings of topologies that are gone. */
    public void keepOnly(Set<ResourceID> topologies) {
        readings.keepOnly(topologies);
    }

    private Optional<CounterReading> take(RoutingMap map, BrokerCredentials metricsUser) {
        try {
            return Optional.of(BrokerReadings.take(map, endpoints::of, metricsUser, clock));
        } catch (InterruptedException e) {
            // the operator is stopping: no reading, and the pass ends
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
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
