package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.TlsSpec;
import io.brokerwise.broker.tls.BrokerKeyStore;
import io.brokerwise.broker.tls.CertificateAuthority;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.dependent.DependentResource;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.CRUDKubernetesDependentResource;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;
import io.javaoperatorsdk.operator.processing.dependent.workflow.Condition;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The certificates the operator issued to a set of brokers (tls.mode Generated), one pair per broker pod
 * ({@code <pod>.crt}, {@code <pod>.key}, {@link BrokerKeyStore}) and the CA certificate, in the Secret the brokers
 * mount. A pair is issued once and kept: a broker added to the set gets a new pair, the others keep theirs, so
 * growing the set restarts no broker. Each certificate names the pod's stable DNS names under the brokers' headless
 * Service (the routing map's {@code <pod>.<service>.<namespace>.svc} among them) and the Service's own, so clients
 * check the broker's host name.
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class BrokerCertificates extends CRUDKubernetesDependentResource<Secret, PubSubTopology> {

    public BrokerCertificates() {
        super(Secret.class);
    }

    @Override
    protected Secret desired(PubSubTopology topology, Context<PubSubTopology> context) {
        BrokerSet brokers = BrokerSet.of(topology);
        return render(brokers, BrokerStatefulSet.replicas(Layouts.deployment(context)), BrokerTrust.of(context).issuer(),
                CredentialsSecret.current(context, Names.certificates(brokers.name())));
    }

    @Override
    protected ResourceID targetSecondaryResourceID(PubSubTopology topology, Context<PubSubTopology> context) {
        return new ResourceID(Names.certificates(topology.getMetadata().getName()),
                topology.getMetadata().getNamespace());
    }

    /**
     * The certificates of pods 0 .. {@code brokers}-1: every pair the current Secret has, and a new one for each pod
     * it lacks. Pairs of another CA (its Secret was deleted and made anew) are all issued again.
     */
    public static Secret render(BrokerSet brokers, int pods, CertificateAuthority issuer, Optional<Secret> current) {
        String ca = issuer.certificatePem();
        Map<String, String> data = new HashMap<>(current
                .filter(s -> CredentialsSecret.value(s, BrokerTrust.CA_CERTIFICATE).filter(ca::equals).isPresent())
                .map(Secret::getData).orElse(Map.of()));
        data.put(BrokerTrust.CA_CERTIFICATE, CredentialsSecret.base64(ca));
        for (int i = 0; i < pods; i++) {
            String pod = Names.statefulSet(brokers.name()) + "-" + i;
            if (!data.containsKey(BrokerKeyStore.certificateKey(pod)) || !data.containsKey(BrokerKeyStore.keyKey(pod))) {
                CertificateAuthority.Issued issued = issuer.issue(dnsNames(brokers, pod));
                data.put(BrokerKeyStore.certificateKey(pod), CredentialsSecret.base64(issued.certificatePem()));
                data.put(BrokerKeyStore.keyKey(pod), CredentialsSecret.base64(issued.keyPem()));
            }
        }
        return new SecretBuilder().withMetadata(brokers.metadata(Names.certificates(brokers.name())))
                .withType("Opaque").withData(data).build();
    }

    /**
     * A broker pod's names: the routing map's first, then the shorter forms a client in the namespace may use, the
     * cluster-domain form for the default domain, and the Service's names.
     */
    static List<String> dnsNames(BrokerSet brokers, String pod) {
        String service = Names.service(brokers.name());
        String namespaced = service + "." + brokers.namespace();
        return List.of(pod + "." + namespaced + ".svc", pod + "." + namespaced + ".svc.cluster.local",
                pod + "." + namespaced, pod + "." + service, namespaced + ".svc", namespaced + ".svc.cluster.local",
                namespaced, service);
    }

    /** The operator issues certificates only for tls.mode Generated; otherwise the Secret is not there. */
    public static class Generated implements Condition<Secret, PubSubTopology> {
        @Override
        public boolean isMet(DependentResource<Secret, PubSubTopology> dependent, PubSubTopology topology,
                             Context<PubSubTopology> context) {
            return TlsSpec.modeOf(topology.getSpec().broker) == TlsSpec.Mode.Generated;
        }
    }
}
