package io.brokerwise.operator.queues;

import io.brokerwise.api.planning.QueuePlan;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.operator.layout.QueueLayout;
import io.brokerwise.operator.layout.TopologyPlanning;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which of a topology's queues a pass deploys, each on how many brokers. A planned pass deploys every queue whose plan
 * is feasible on its k replicas: a queue that cannot be stable (no consumers, consumers slower than its producers,
 * more replicas than brokers) deploys nothing, and the rest of the topology deploys all the same. A pass that could
 * not plan (an invalid spec, no dedicated node) keeps the queues the brokers carry, as it keeps the topic's layout:
 * a broker.xml without them would roll every broker. Pure.
 */
final class DeployedQueues {

    private DeployedQueues() {
    }

    /** k of each queue to deploy, in the spec's order. */
    static Map<String, Integer> of(TopologyPlanning.Outcome planning, Optional<StatefulSet> running) {
        if (planning instanceof TopologyPlanning.Planned planned) {
            Map<String, Integer> replicas = new LinkedHashMap<>();
            planned.queues().stream().map(QueuePlan::plan).filter(p -> p.feasible())
                    .forEach(p -> replicas.put(p.queue().name(), p.replicas()));
            return replicas;
        }
        return QueueLayout.replicas(running.map(s -> s.getMetadata().getAnnotations())
                .map(a -> a.get(Names.QUEUES_ANNOTATION)).orElse(null));
    }
}
