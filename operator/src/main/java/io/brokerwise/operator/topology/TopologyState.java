package io.brokerwise.operator.topology;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.operator.dependent.CredentialsSecret;
import io.brokerwise.operator.dependent.ManagementSecret;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapCodec;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import java.util.Optional;

/**
 * What a topology's own objects say now, read from the informers' caches for the reconciler: the routing map clients
 * follow, and the user the operator reads the brokers' metrics as. The dependents get these as inputs
 * ({@link io.brokerwise.operator.layout.Deployment}); they do not read them.
 */
record TopologyState(Optional<RoutingMap> routed, Optional<BrokerCredentials> metricsUser) {

    static TopologyState read(PubSubTopology topology, Context<PubSubTopology> context) {
        return new TopologyState(routed(topology, context), metricsUser(topology, context));
    }

    /** The routing map clients follow now, if there is one. */
    private static Optional<RoutingMap> routed(PubSubTopology topology, Context<PubSubTopology> context) {
        return context.getSecondaryResourcesAsStream(ConfigMap.class)
                .filter(c -> Names.routing(topology).equals(c.getMetadata().getName()))
                .findFirst()
                .map(c -> c.getData() == null ? null : c.getData().get(RoutingMapCodec.CONFIG_MAP_KEY))
                .map(RoutingMapCodec::fromJson);
    }

    /** The metrics user the operator reads a topology's brokers as; empty until its Secret exists. */
    private static Optional<BrokerCredentials> metricsUser(PubSubTopology topology, Context<PubSubTopology> context) {
        return CredentialsSecret.current(context, Names.management(topology)).flatMap(ManagementSecret::metricsUser);
    }
}
