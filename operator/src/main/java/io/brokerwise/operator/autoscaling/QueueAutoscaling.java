package io.brokerwise.operator.autoscaling;

import io.brokerwise.api.planning.AutoscalingInput;
import io.brokerwise.api.planning.QueuePlan;
import io.brokerwise.api.v1alpha1.AutoscalingStatus;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.QueueAutoscalingStatus;
import io.brokerwise.model.autoscaling.ObservedQueueLoad;
import io.brokerwise.model.autoscaling.QueueScalingDecision;
import io.brokerwise.model.autoscaling.QueueScalingRules;
import io.brokerwise.operator.ResourceEvents;
import io.brokerwise.operator.layout.TopologyPlanning.Planned;
import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The provisioning of a topology's replicated queues on their observed load ({@link QueueScalingRules}: rules R5 and
 * R6), from the same two readings the topic's autoscaling observes. Each queue the plan deploys and the routing map
 * routes is observed over its replicas, and decided on from the replicas open now (those not retiring). Mode Auto
 * holds the replicas it changes to in {@code status.autoscaling.queues[].replicas}, which the reconciler deploys in
 * place of the plan's k; every change, applied or proposed, starts the topology's inhibition delay, as a change of
 * the topic's layout does, and records an event.
 */
final class QueueAutoscaling {

    private QueueAutoscaling() {
    }

    static void observe(PubSubTopology topology, AutoscalingStatus status, Planned planned, RoutingMap map,
                        CounterReading earlier, CounterReading later, boolean auto, Clock clock,
                        KubernetesClient client) {
        Map<String, QueueAutoscalingStatus> before = status.queues == null ? Map.of() : status.queues.stream()
                .collect(Collectors.toMap(q -> q.name, q -> q, (a, b) -> b));
        List<QueueAutoscalingStatus> queues = new ArrayList<>();
        for (QueuePlan plan : planned.queues()) {
            Optional<QueueRoute> route = map.queue(plan.plan().queue().name());
            if (!plan.plan().feasible() || route.isEmpty()) {
                continue;
            }
            QueueAutoscalingStatus previous = before.get(route.get().name());
            // the queue's own profile, as its plan has it: a Persistent queue's differs from the topic's
            QueueScalingRules rules = new QueueScalingRules(AutoscalingInput.policy(topology.getSpec()),
                    plan.profile(), planned.input().objectives(), planned.input().limits(), clock);
            try {
                ObservedQueueLoad load = QueueLoadObservation.between(route.get(), earlier, later);
                int running = (int) route.get().replicas().stream().filter(r -> !r.retiring()).count();
                boolean retiring = running < route.get().replicas().size();
                QueueScalingDecision decision = rules.decide(plan.plan().queue(), running, retiring, load,
                        Optional.ofNullable(status.inhibitedUntil).map(Instant::parse));
                queues.add(report(previous, load, decision, auto));
                if (decision.changes()) {
                    status.inhibitedUntil = decision.inhibitedUntil().map(Object::toString).orElse(null);
                    ResourceEvents.record(client, topology, true, decision.reason(), (auto ? "autoscaling changes"
                            : "autoscaling proposes, not applied, to change") + " queue " + decision.queue()
                            + " from " + decision.from() + " to " + decision.to() + " replicas: " + decision.message());
                }
            } catch (IncompleteObservation e) {
                if (previous != null) {
                    queues.add(previous);
                }
            }
        }
        status.queues = queues.isEmpty() ? null : queues;
    }

    private static QueueAutoscalingStatus report(QueueAutoscalingStatus previous, ObservedQueueLoad load,
                                                 QueueScalingDecision decision, boolean auto) {
        QueueAutoscalingStatus s = new QueueAutoscalingStatus();
        s.name = decision.queue();
        s.producers = load.producers();
        s.consumers = load.consumers();
        s.arrivalRate = load.arrivalRate();
        s.departureRate = load.departureRate();
        s.depth = load.depth();
        s.predictedUtilization = decision.current().utilization();
        s.replicas = auto && decision.changes() ? Integer.valueOf(decision.to())
                : previous == null ? null : previous.replicas;
        s.recommendation = new QueueAutoscalingStatus.QueueScalingStatus();
        s.recommendation.from = decision.from();
        s.recommendation.to = decision.to();
        s.recommendation.reason = decision.reason();
        s.recommendation.message = decision.message();
        s.recommendation.time = decision.at().toString();
        return s;
    }
}
