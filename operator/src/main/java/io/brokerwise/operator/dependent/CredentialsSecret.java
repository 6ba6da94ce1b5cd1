package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerRole;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.dependent.Matcher;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.CRUDKubernetesDependentResource;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.KubernetesDependent;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The brokers' application user and password, the only credential application pods get (the routing map's
 * clients, the probe, the benchmark clients), and the CA their TLS certificates chain to ({@link #withCa}). Generated once per set of brokers, never a default, and kept across
 * reconciliations: a key the Secret has is never replaced, so a password set by hand (a rotation,
 * docs/operations.md) stays, and so does a previous password kept for its grace period.
 */
@KubernetesDependent(informer = @Informer(labelSelector = "app.kubernetes.io/managed-by=" + Names.MANAGED_BY))
public class CredentialsSecret extends CRUDKubernetesDependentResource<Secret, PubSubTopology> {

    /** The users this Secret holds. */
    public static final Set<BrokerRole> ROLES = Set.of(BrokerRole.APPLICATION);

    /**
     * The key of the brokers' CA, present exactly when they speak TLS: the environment variable the client library
     * trusts ({@code ClientOptions.CA_ENV}; BrokerTlsTest holds the two equal), named here so that the operator does
     * not carry the client library and the Artemis client for one name.
     */
    public static final String CA_KEY = "ARTEMIS_CA";

    public CredentialsSecret() {
        super(Secret.class);
    }

    @Override
    protected Secret desired(PubSubTopology topology, Context<PubSubTopology> context) {
        BrokerSet brokers = BrokerSet.of(topology);
        String name = Names.credentials(brokers.name());
        return withCa(render(brokers, name, ROLES, current(context, name)), BrokerTrust.of(context));
    }

    /**
     * Equal data too: the generic matcher ignores keys the Secret has beyond the desired ones, and ARTEMIS_CA must
     * leave when the brokers stop speaking TLS. The desired Secret is worked out again from the actual one: the
     * Secret {@link #desired} read may come from another informer's cache, older than this one, and writing it
     * would undo a password set by hand a moment before (a rotation).
     */
    @Override
    public Matcher.Result<Secret> match(Secret actual, Secret desired, PubSubTopology topology,
                                        Context<PubSubTopology> context) {
        Secret kept = withCa(render(BrokerSet.of(topology), actual.getMetadata().getName(), ROLES, Optional.of(actual)),
                BrokerTrust.of(context));
        Matcher.Result<Secret> generic = super.match(actual, kept, topology, context);
        return generic.matched() && Objects.equals(actual.getData(), kept.getData()) ? generic
                : Matcher.Result.computed(false, kept);
    }

    @Override
    protected ResourceID targetSecondaryResourceID(PubSubTopology topology, Context<PubSubTopology> context) {
        return new ResourceID(Names.credentials(topology), topology.getMetadata().getNamespace());
    }

    /**
     * The Secret {@code name} of a set of brokers holding the users of {@code roles}: every key the current one has,
     * and a user with a fresh password for each role it lacks one for.
     */
    public static Secret render(BrokerSet brokers, String name, Set<BrokerRole> roles, Optional<Secret> current) {
        Map<String, String> data = new HashMap<>(current.map(Secret::getData).orElse(Map.of()));
        for (BrokerRole role : roles) {
            if (!data.containsKey(role.userKey()) || !data.containsKey(role.passwordKey())) {
                BrokerCredentials fresh = BrokerCredentials.generate(role);
                data.put(role.userKey(), base64(fresh.user()));
                data.put(role.passwordKey(), base64(fresh.password()));
            }
        }
        return new SecretBuilder().withMetadata(brokers.metadata(name)).withType("Opaque").withData(data).build();
    }

    /**
     * The application Secret with the CA certificate clients trust as {@value #CA_KEY}, exactly when the
     * brokers speak TLS: a client that takes the Secret's keys as its environment connects as the brokers expect.
     */
    public static Secret withCa(Secret secret, BrokerTrust trust) {
        Map<String, String> data = new HashMap<>(secret.getData());
        if (trust.caPem() == null) {
            data.remove(CA_KEY);
        } else {
            data.put(CA_KEY, base64(trust.caPem()));
        }
        return new SecretBuilder(secret).withData(data).build();
    }

    /** The Secret of this name among those the primary's informers hold. */
    public static <P extends HasMetadata> Optional<Secret> current(Context<P> context, String name) {
        return context.getSecondaryResourcesAsStream(Secret.class).filter(s -> name.equals(s.getMetadata().getName()))
                .findFirst();
    }

    /** The user of {@code role} in a Secret, if it holds one. */
    public static Optional<BrokerCredentials> user(Secret secret, BrokerRole role) {
        try {
            return Optional.of(BrokerCredentials.of(role, key -> value(secret, key).orElse(null)));
        } catch (IllegalStateException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The decoded value of a key of a Secret. */
    public static Optional<String> value(Secret secret, String key) {
        return Optional.ofNullable(secret.getData()).map(d -> d.get(key))
                .map(v -> new String(Base64.getDecoder().decode(v), StandardCharsets.UTF_8));
    }

    static String base64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }
}
