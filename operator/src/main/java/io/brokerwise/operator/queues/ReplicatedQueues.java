package io.brokerwise.operator.queues;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.operator.dependent.BrokerSet;
import io.brokerwise.operator.dependent.BrokerStatefulSet;
import io.brokerwise.operator.layout.BrokerReadiness;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.operator.layout.QueueLayout;
import io.brokerwise.operator.layout.TopologyPlanning;
import io.brokerwise.operator.monitor.BrokerMonitor;
import io.brokerwise.operator.monitor.ScrapeTarget;
import io.brokerwise.operator.monitor.WakeOnChange;
import io.brokerwise.operator.monitor.Watcher;
import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMap;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A topology's replicated queues as a pass deploys them ({@link QueueLayout}): which queues, on how many brokers
 * ({@link DeployedQueues}), and their routes in the routing map ({@link QueueRoutes}) with the producers and consumers
 * the brokers' metrics count at each replica. The scraper reads the brokers that carry a replica every
 * {@link #EVERY}; a read wakes the topology only when the routes it gives are not the ones its last pass published,
 * so that counts that stay as they are rewrite no map and cost no pass.
 */
@ApplicationScoped
public class ReplicatedQueues {

    /** How often the brokers are read for their queues' clients, by which new clients choose their replica. */
    public static final Duration EVERY = Duration.ofSeconds(10);

    @Inject
    BrokerMonitor monitor;

    /**
     * @param planned     the plan whose queues to deploy; empty (planning failed, or the queues wait for approval):
     *                    the brokers keep the queues they carry
     * @param running     the StatefulSet that runs, which records the queues its brokers carry
     * @param readiness   the broker pods' readiness and the broker.xml each started with
     * @param routed      the routing map clients follow now
     * @param metricsUser the user the brokers are read as; without one, nothing is read
     * @param held        the replicas autoscaling holds for a queue in place of its plan's (mode Auto)
     */
    public QueueLayout layout(PubSubTopology topology, Optional<TopologyPlanning.Planned> planned,
                              Optional<StatefulSet> running,
                              BrokerReadiness readiness, Optional<RoutingMap> routed,
                              Optional<BrokerCredentials> metricsUser, Map<String, Integer> held) {
        Map<String, Integer> replicas = DeployedQueues.of(planned, running, held);
        String config = BrokerStatefulSet.configHash(BrokerSet.of(topology).withQueues(List.copyOf(replicas.keySet())));
        // the brokers that carry a replica deployed or routed
        int brokers = new QueueLayout(replicas, routed.map(RoutingMap::queues).orElse(List.of())).brokers();
        List<String> addresses = RoutingMap.statefulSetAddresses(topology.getMetadata().getName(),
                topology.getMetadata().getNamespace(), Names.BROKER_PORT, brokers);
        Watcher watcher = Watcher.of(ResourceID.fromResource(topology), "queues");
        Map<String, ScrapeTarget> targets = metricsUser.map(user -> monitor.targets(addresses, user).stream()
                .collect(Collectors.toMap(ScrapeTarget::broker, Function.identity()))).orElse(Map.of());
        QueueRoutes.Inputs in = new QueueRoutes.Inputs(replicas, ordinal -> readiness.readyOn(ordinal, config),
                addresses, routed, (broker, queue) -> observed(targets.get(broker), queue));
        List<QueueRoute> routes = QueueRoutes.of(in);
        if (targets.isEmpty()) {
            monitor.forget(watcher);
        } else {
            monitor.watch(watcher, targets.values(), EVERY, new WakeOnChange<>(routes, () -> QueueRoutes.of(in)));
        }
        return new QueueLayout(replicas, routes);
    }

    /** The broker's replica of the queue at its last read; nothing when that read failed or none answered yet. */
    private Optional<BrokerSample.QueueReplica> observed(ScrapeTarget broker, String queue) {
        if (broker == null || monitor.failing(broker)) {
            return Optional.empty();
        }
        return monitor.last(broker).map(reading -> reading.sample().queues().get(queue));
    }
}
