package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.operator.layout.Deployment;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapCodec;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.CRUDKubernetesDependentResource;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The routing map clients follow (format: routing/README.md). It moves to a new layout only once every
 * broker of that layout is Ready, so a client never learns of a broker that cannot take it; until then
 * it keeps the map it has (or, on first deployment, no map at all, and clients wait). A new layout keeps each
 * cell on the broker that served it ({@link RoutingMap#movedTo}), so only the clients that must move do. The
 * queues' routes are the pass's ({@link io.brokerwise.operator.layout.QueueLayout#routes()}), whatever the topic's
 * layout does; a map with counts unchanged is the same text, which the API server is not asked to write.
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class RoutingConfigMap extends CRUDKubernetesDependentResource<ConfigMap, PubSubTopology> {

    public RoutingConfigMap() {
        super(ConfigMap.class);
    }

    @Override
    protected ConfigMap desired(PubSubTopology topology, Context<PubSubTopology> context) {
        Deployment deployment = Layouts.deployment(context);
        BrokerSet brokers = BrokerSet.of(topology);
        List<QueueRoute> queues = deployment.queues().routes();
        Layout layout = deployment.layout().layout();
        if (deployment.routedToLayout()) {
            // the same layout: each cell stays on its broker, unless a rollout's step moves one
            RoutingMap map = deployment.rollout().applyTo(deployment.routed().orElseThrow());
            return render(brokers, map.withTopics(routedTopics(deployment, brokers, map)).withQueues(queues));
        }
        if (deployment.readiness().allReady(deployment.layout().brokers())) {
            RoutingMap map = movedTo(deployment.routed(), brokers.name(), brokers.namespace(), layout);
            return render(brokers, map.withTopics(routedTopics(deployment, brokers, map)).withQueues(queues));
        }
        // until the new layout's brokers are all Ready, clients keep the map they follow
        return deployment.routed().map(map -> render(brokers, map.withQueues(queues)))
                .orElseGet(() -> new ConfigMapBuilder().withMetadata(brokers.metadata(Names.routing(brokers.name())))
                        .withData(Map.of()).build());
    }

    /** The routing map of a set of brokers in this layout, as a first layout numbers them: row-major. */
    public static ConfigMap render(BrokerSet brokers, Layout layout) {
        String name = brokers.name();
        return render(brokers, RoutingMap.forStatefulSet(name, layout.publisherGroups(), layout.subscriberGroups(),
                name, brokers.namespace(), Names.BROKER_PORT).withTopics(brokers.topics()));
    }

    /**
     * The topics clients may use on {@code map}: a topic added to the spec once every broker the map names runs the
     * broker.xml that declares it (a broker reads its configuration only as it starts, and creates no address itself),
     * one withdrawn at once. Until a renamed sole topic is declared, the old name stays.
     */
    static List<String> routedTopics(Deployment deployment, BrokerSet brokers, RoutingMap map) {
        String config = BrokerStatefulSet.configHash(brokers.withQueues(deployment.queues().names()));
        boolean declared = map.brokers().stream().map(Names::ordinal)
                .allMatch(i -> deployment.readiness().readyOn(i, config));
        List<String> routed = deployment.routed().map(RoutingMap::topics).orElse(List.of());
        List<String> kept = brokers.topics().stream().filter(t -> declared || routed.contains(t)).toList();
        return !kept.isEmpty() ? kept : routed.isEmpty() ? brokers.topics() : routed;
    }

    private static ConfigMap render(BrokerSet brokers, RoutingMap map) {
        return new ConfigMapBuilder().withMetadata(brokers.metadata(Names.routing(brokers.name())))
                .withData(Map.of(RoutingMapCodec.CONFIG_MAP_KEY, RoutingMapCodec.toJson(map))).build();
    }

    /**
     * The map of {@code layout} over StatefulSet pods 0 .. k*l-1 of topology {@code name}: the current map moved
     * to it, so that each broker keeps its cell; row-major when there is no map yet. Its topics are the current
     * map's, and {@code name} without one.
     */
    public static RoutingMap movedTo(Optional<RoutingMap> current, String name, String namespace, Layout layout) {
        int k = layout.publisherGroups();
        int l = layout.subscriberGroups();
        List<String> pods = RoutingMap.statefulSetAddresses(name, namespace, Names.BROKER_PORT, k * l);
        return current.map(map -> map.movedTo(k, l, pods))
                .orElseGet(() -> RoutingMap.of(name, k, l, pods));
    }
}
