package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.queues.QueueReplicas;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.routing.RoutingMap;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.CRUDKubernetesDependentResource;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;
import java.util.List;
import java.util.Map;

/**
 * broker.xml for every broker of the topology, rendered by the same {@link BrokerConfiguration} the
 * benchmarks use for their local brokers: one multicast address named after the topology, a journal when
 * the brokers keep one, the acceptor limited to {@code spec.broker.maxConnections}, and the replicas of the queues
 * the pass deploys.
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class BrokerConfigMap extends CRUDKubernetesDependentResource<ConfigMap, PubSubTopology> {

    public BrokerConfigMap() {
        super(ConfigMap.class);
    }

    @Override
    protected ConfigMap desired(PubSubTopology topology, Context<PubSubTopology> context) {
        return render(BrokerSet.of(topology).withQueues(Layouts.deployment(context).queues().names()));
    }

    /** broker.xml of a set of brokers. */
    public static ConfigMap render(BrokerSet brokers) {
        return new ConfigMapBuilder().withMetadata(brokers.metadata(Names.brokerConfig(brokers.name())))
                .withData(Map.of(BrokerConfiguration.CONFIG_MAP_KEY, brokerXml(brokers))).build();
    }

    /**
     * The set's broker.xml: its topics ({@link BrokerSet#topics}); its acceptor refuses what maxConnections does not allow,
     * and speaks TLS unless spec.broker.tls.mode is Disabled.
     */
    static String brokerXml(BrokerSet brokers) {
        Long maxConnections = brokers.broker().maxConnections;
        return BrokerConfiguration.forPod(brokers.name(), brokers.name(), brokers.journaled())
                .withTopics(brokers.topics()).withMaxConnections(maxConnections == null ? BrokerConfiguration.NO_CONNECTION_LIMIT : maxConnections)
                .withTls(brokers.speaksTls()).withQueues(queueReplicas(brokers)).render();
    }

    /**
     * The set's queues, on every broker: its pods share this one broker.xml, so each broker finds its own address in
     * its pod's name ({@link QueueReplicas#POD_NAME}), and a broker beyond a queue's replicas carries the queue too,
     * unused, as no route names it. The peers are every broker the set may ever have (spec.placement.maxBrokers),
     * so that growing, by a queue or by the topic's layout, restarts no broker: Artemis does not reload a cluster
     * connection, and a broker.xml that changed would roll them all.
     */
    private static QueueReplicas queueReplicas(BrokerSet brokers) {
        if (brokers.queues().isEmpty()) {
            return QueueReplicas.NONE;
        }
        Integer maxBrokers = brokers.placement().maxBrokers;
        int most = maxBrokers == null ? Limits.DEFAULT_MAX_BROKERS : maxBrokers;
        String self = QueueReplicas.POD_NAME + "." + Names.service(brokers.name()) + "." + brokers.namespace()
                + ".svc:" + Names.BROKER_PORT;
        List<String> peers = most == 1 ? List.of()
                : RoutingMap.statefulSetAddresses(brokers.name(), brokers.namespace(), Names.BROKER_PORT, most);
        return new QueueReplicas(brokers.queues(), self, peers);
    }
}
