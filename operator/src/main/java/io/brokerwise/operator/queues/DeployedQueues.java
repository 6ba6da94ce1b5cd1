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
 * is feasible on its k replicas, or on those autoscaling holds for it: a queue that cannot be stable (no consumers, consumers slower than its producers,
 * more replicas than brokers) deploys nothing, and the rest of the topology deploys all the same. A pass that could
 * not plan (an invalid spec, no dedicated node), or whose queues wait for approval, keeps the queues the brokers
 * carry, as it keeps the topic's layout: a broker.xml without them would roll every broker. Pure.
 */
final class DeployedQueues {

    private DeployedQueues() {
    }

    /**
     * k of each queue to deploy, in the spec's order.
     *
     * @param held the k autoscaling applied and holds for a queue (mode Auto), in place of its plan's
     */
    static Map<String, Integer> of(Optional<TopologyPlanning.Planned> planned, Optional<StatefulSet> running,
                                   Map<String, Integer> held) {
        if (planned.isPresent()) {
            Map<String, Integer> replicas = new LinkedHashMap<>();
            planned.get().queues().stream().map(QueuePlan::plan).filter(p -> p.feasible()).forEach(p ->
                    replicas.put(p.queue().name(), held.getOrDefault(p.queue().name(), p.replicas())));
            return replicas;
        }
        return QueueLayout.replicas(running.map(s -> s.getMetadata().getAnnotations())
                .map(a -> a.get(Names.QUEUES_ANNOTATION)).orElse(null));
    }
}
