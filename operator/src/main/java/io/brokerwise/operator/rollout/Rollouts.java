package io.brokerwise.operator.rollout;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologyStatus;
import io.brokerwise.api.v1alpha1.RolloutSpec;
import io.brokerwise.api.v1alpha1.RolloutStatus;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.operator.autoscaling.RetiringBroker;
import io.brokerwise.operator.layout.BrokerReadiness;
import io.brokerwise.operator.layout.Conditions;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.operator.layout.RolloutStep;
import io.brokerwise.operator.monitor.BrokerMonitor;
import io.brokerwise.operator.monitor.ScrapeTarget;
import io.brokerwise.operator.monitor.Watcher;
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
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * A topology's rollout, one step per pass: gathers what {@link RolloutDecision} decides from (the pods, the nodes
 * being drained, and reads of each old broker the map has left, sent since it left), applies what it decides that is
 * not desired state (deleting an old pod: a budget allows no eviction, the operator deletes it itself once its cell
 * has moved), and reports in {@code status.rollout} and the RollingOut condition. The new broker and the cell's move
 * are desired state, which the StatefulSet and the routing map get from the step returned.
 */
@ApplicationScoped
public class Rollouts {

    /** How soon a rollout that waits for a broker to empty or to start looks again. */
    public static final Duration RECHECK = Duration.ofSeconds(5);

    @Inject
    BrokerMonitor monitor;

    Clock clock = Clock.systemUTC();

    /**
     * What the reconciler knows of a topology's brokers in this pass.
     *
     * @param layout      the layout being deployed
     * @param routed      the routing map clients follow
     * @param readiness   the broker pods
     * @param template    the hash of the pod template the StatefulSet makes pods from now
     * @param replicas    the StatefulSet's replicas now
     * @param cordoned    the nodes marked unschedulable
     * @param metricsUser who the brokers are read as
     */
    public record Brokers(Layout layout, Optional<RoutingMap> routed, BrokerReadiness readiness, String template,
                          int replicas, Set<String> cordoned, Optional<BrokerCredentials> metricsUser) {
    }

    /** The step for the dependents, the RollingOut condition, and whether to look again soon. */
    public record Result(RolloutStep step, Conditions.Verdict condition, boolean lookAgain) {
    }

    /** This pass's step of the topology's rollout; sets {@code status.rollout} while one is in progress. */
    public Result step(PubSubTopology topology, PubSubTopologyStatus status, Brokers brokers,
                       KubernetesClient client) {
        Watcher watcher = Watcher.of(ResourceID.fromResource(topology), "rollout");
        status.rollout = null;
        if (brokers.routed().isEmpty()) {
            monitor.forget(watcher);
            return new Result(RolloutStep.NONE, upToDate(), false);
        }
        RoutingMap routed = brokers.routed().get();
        IntFunction<String> address = o -> RoutingMap.statefulSetAddress(topology.getMetadata().getName(),
                topology.getMetadata().getNamespace(), Names.BROKER_PORT, o);
        boolean restartAllowed = Optional.ofNullable(topology.getSpec().rollout).map(RolloutSpec::restartAllowed)
                .orElse(false);
        RolloutDecision.Decision decision = RolloutDecision.decide(new RolloutDecision.Inputs(routed,
                brokers.template(), brokers.replicas(), pods(brokers, routed, address, watcher), address,
                // the replicas the routed brokers carry: a first queue comes with new brokers like any other change
                restartAllowed, held(brokers, routed), routed.queues().isEmpty() ? Optional.empty()
                        : Optional.of("replicated queues' replicas are not moved to new brokers")));
        if (!decision.rolling()) {
            monitor.forget(watcher);
            return new Result(RolloutStep.NONE, upToDate(), false);
        }
        status.rollout = report(topology, brokers.template(), decision, o -> Names.pod(address.apply(o)));
        return new Result(apply(topology, decision, address, client), new Conditions.Verdict(Conditions.ROLLING_OUT,
                true, status.rollout.step, status.rollout.message),
                decision.action() instanceof RolloutDecision.Action.Wait);
    }

    private RolloutStep apply(PubSubTopology topology, RolloutDecision.Decision decision, IntFunction<String> address,
                              KubernetesClient client) {
        RolloutDecision.Action action = decision.action();
        if (action instanceof RolloutDecision.Action.MoveCell move) {
            return new RolloutStep(decision.replicas(),
                    Optional.of(new RolloutStep.CellMove(move.cell(), address.apply(move.to()))));
        }
        if (action instanceof RolloutDecision.Action.RetireOldBroker retire) {
            delete(topology, retire.ordinal(), client);
        } else if (action instanceof RolloutDecision.Action.RestartInPlace restart) {
            delete(topology, restart.ordinal(), client);
        }
        return new RolloutStep(decision.replicas(), Optional.empty());
    }

    private static void delete(PubSubTopology topology, int ordinal, KubernetesClient client) {
        client.pods().inNamespace(topology.getMetadata().getNamespace())
                .withName(Names.statefulSet(topology) + "-" + ordinal).delete();
    }

    /** No step while the layout itself changes: one routing-map change in flight at a time. */
    private static Optional<String> held(Brokers brokers, RoutingMap routed) {
        Layout layout = brokers.layout();
        boolean same = routed.publisherGroups() == layout.publisherGroups()
                && routed.subscriberGroups() == layout.subscriberGroups();
        return same ? Optional.empty() : Optional.of("the layout moves from " + routed.publisherGroups() + "x"
                + routed.subscriberGroups() + " to " + layout + " first");
    }

    /**
     * Each pod as the decision sees it. An old broker the map no longer names is read, and holds nothing only on a
     * read sent since this watch began: its clients leave it as they see the new map, a minute or more later.
     */
    private Map<Integer, RolloutDecision.Broker> pods(Brokers brokers, RoutingMap routed, IntFunction<String> address,
                                                      Watcher watcher) {
        BrokerReadiness r = brokers.readiness();
        List<Integer> cells = routed.brokers().stream().map(Names::ordinal).toList();
        Map<Integer, RolloutDecision.Broker> pods = new HashMap<>();
        for (int o : r.ready().keySet()) {
            pods.put(o, new RolloutDecision.Broker(r.ready(o), r.templates().get(o),
                    brokers.cordoned().contains(r.nodes().get(o)), r.unschedulable().contains(o), false));
        }
        Set<Integer> old = pods.keySet().stream().filter(o -> !cells.contains(o)
                && pods.get(o).outOfDate(brokers.template())).collect(Collectors.toSet());
        emptied(brokers, old, address, watcher).forEach((o, nothing) -> pods.put(o, pods.get(o).holding(nothing)));
        return pods;
    }

    private Map<Integer, Boolean> emptied(Brokers brokers, Set<Integer> old, IntFunction<String> address,
                                          Watcher watcher) {
        if (old.isEmpty() || brokers.metricsUser().isEmpty()) {
            // with no user to read them as, nothing they hold can be seen: as a retirement, they go
            monitor.forget(watcher);
            return old.stream().collect(Collectors.toMap(o -> o, o -> true));
        }
        Map<Integer, ScrapeTarget> targets = old.stream().collect(Collectors.toMap(o -> o,
                o -> monitor.target(address.apply(o), brokers.metricsUser().get())));
        monitor.watch(watcher, targets.values(), RECHECK);
        Instant since = monitor.watchingSince(watcher).orElseThrow();
        return targets.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                e -> !RetiringBroker.judge(monitor, e.getValue(), since, false).stays()));
    }

    /** status.rollout: the step, and since when; the rollout's start and moves carried from the last pass. */
    private RolloutStatus report(PubSubTopology topology, String template, RolloutDecision.Decision decision,
                                 IntFunction<String> pod) {
        RolloutStatus before = Optional.ofNullable(topology.getStatus()).map(s -> s.rollout).orElse(null);
        String now = clock.instant().toString();
        RolloutStatus status = new RolloutStatus();
        status.template = template;
        status.cellsCurrent = decision.cellsCurrent();
        status.cellsLeft = decision.cellsLeft();
        status.step = decision.action().step();
        status.message = decision.action().describe(pod);
        boolean sameStep = before != null && status.step.equals(before.step) && template.equals(before.template);
        status.since = sameStep ? before.since : now;
        status.started = before != null && before.started != null ? before.started : now;
        int moves = before == null || before.moves == null ? 0 : before.moves;
        status.moves = moves + (decision.action() instanceof RolloutDecision.Action.MoveCell ? 1 : 0);
        return status;
    }

    private static Conditions.Verdict upToDate() {
        return new Conditions.Verdict(Conditions.ROLLING_OUT, false, "UpToDate",
                "every cell's broker runs the current template");
    }
}
