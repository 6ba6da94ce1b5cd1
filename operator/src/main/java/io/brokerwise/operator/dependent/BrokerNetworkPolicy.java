package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRuleBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeerBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPort;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPortBuilder;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.CRUDKubernetesDependentResource;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Who may reach the brokers: pods of the topology's namespace labelled {@code brokerwise.io/client-of: <topology>}
 * (applications, the benchmark clients) and the operator's pods, on the client and metrics ports; and, while the
 * brokers carry replicated queues, the topology's own brokers, whose cluster connection joins the replicas, on the
 * client port alone. Nothing else gets in. Egress is left alone: the brokers open connections only to one another.
 * A CNI that does not enforce NetworkPolicies ignores it.
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class BrokerNetworkPolicy extends CRUDKubernetesDependentResource<NetworkPolicy, PubSubTopology> {

    /** The label the chart gives the operator's pods. */
    public static final Map<String, String> OPERATOR_POD = Map.of("app.kubernetes.io/name", "brokerwise-operator");

    public BrokerNetworkPolicy() {
        super(NetworkPolicy.class);
    }

    @Override
    protected NetworkPolicy desired(PubSubTopology topology, Context<PubSubTopology> context) {
        return policy(topology, operatorNamespace(), !Layouts.deployment(context).queues().isEmpty());
    }

    /** @param queues whether the brokers carry replicated queues, and so reach one another */
    static NetworkPolicy policy(PubSubTopology topology, String operatorNamespace, boolean queues) {
        List<NetworkPolicyIngressRule> ingress = new ArrayList<>(List.of(new NetworkPolicyIngressRuleBuilder()
                .withFrom(clients(topology), operator(operatorNamespace)).withPorts(ports()).build()));
        if (queues) {
            ingress.add(new NetworkPolicyIngressRuleBuilder().withFrom(brokers(topology))
                    .withPorts(port(Names.BROKER_PORT)).build());
        }
        return new NetworkPolicyBuilder().withMetadata(Layouts.metadata(topology, Names.networkPolicy(topology)))
                .withNewSpec()
                .withNewPodSelector().withMatchLabels(Names.brokerSelector(topology)).endPodSelector()
                .withPolicyTypes("Ingress")
                .withIngress(ingress)
                .endSpec().build();
    }

    /** A peer with only a pod selector is a pod of the policy's own namespace, the topology's. */
    private static NetworkPolicyPeer clients(PubSubTopology topology) {
        return new NetworkPolicyPeerBuilder().withNewPodSelector()
                .withMatchLabels(Map.of(Names.CLIENT_OF_LABEL, topology.getMetadata().getName())).endPodSelector().build();
    }

    /** The topology's own brokers, in its namespace. */
    private static NetworkPolicyPeer brokers(PubSubTopology topology) {
        return new NetworkPolicyPeerBuilder().withNewPodSelector().withMatchLabels(Names.brokerSelector(topology))
                .endPodSelector().build();
    }

    private static NetworkPolicyPeer operator(String namespace) {
        return new NetworkPolicyPeerBuilder()
                .withNewNamespaceSelector().withMatchLabels(Map.of("kubernetes.io/metadata.name", namespace))
                .endNamespaceSelector()
                .withNewPodSelector().withMatchLabels(OPERATOR_POD).endPodSelector().build();
    }

    private static List<NetworkPolicyPort> ports() {
        return List.of(port(Names.BROKER_PORT), port(BrokerConfiguration.METRICS_PORT));
    }

    private static NetworkPolicyPort port(int port) {
        return new NetworkPolicyPortBuilder().withProtocol("TCP").withPort(new IntOrString(port)).build();
    }

    /** The chart sets it to the release namespace; the install docs' namespace otherwise. */
    static String operatorNamespace() {
        return ConfigProvider.getConfig().getOptionalValue("brokerwise.operator.namespace", String.class)
                .orElse("brokerwise-system");
    }
}
