package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.StorageSpec;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetPersistentVolumeClaimRetentionPolicy;
import io.fabric8.kubernetes.api.model.apps.StatefulSetPersistentVolumeClaimRetentionPolicyBuilder;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The volume claim each broker of a topology keeps its journal on, as {@code spec.storage} asks with the operator's
 * defaults (the chart's {@code journal} values) for what it leaves out. The StatefulSet makes one claim per broker
 * from {@link #template()}, named {@code journal-<statefulset>-<ordinal>}.
 *
 * @param storageClassName the claims' StorageClass; null: the cluster's default class
 */
public record JournalClaim(String storageClassName, Quantity size, StorageSpec.Policy whenDeleted,
                           StorageSpec.Policy whenScaled) {

    /** The volume's name in the pod, and the first part of each claim's name. */
    public static final String VOLUME = "journal";
    /** The size of a journal whose topology and operator name none. */
    static final String DEFAULT_SIZE = "1Gi";

    /** The claim a topology's storage spec asks for, the operator's defaults filling in what it leaves out. */
    public static JournalClaim of(StorageSpec storage) {
        StorageSpec spec = storage == null ? new StorageSpec() : storage;
        StorageSpec.RetentionSpec retention = spec.retention == null ? new StorageSpec.RetentionSpec() : spec.retention;
        var config = ConfigProvider.getConfig();
        String storageClass = spec.storageClassName != null ? spec.storageClassName
                : config.getOptionalValue("brokerwise.journal.storage-class-name", String.class).orElse(null);
        String size = spec.size != null ? spec.size
                : config.getOptionalValue("brokerwise.journal.size", String.class).orElse(DEFAULT_SIZE);
        return new JournalClaim(storageClass, new Quantity(size),
                Objects.requireNonNullElse(retention.whenDeleted, StorageSpec.Policy.Delete),
                Objects.requireNonNullElse(retention.whenScaled, StorageSpec.Policy.Delete));
    }

    /** The claim the running StatefulSet makes for its brokers, if it makes one. */
    public static Optional<JournalClaim> of(StatefulSet running) {
        return Optional.ofNullable(running.getSpec().getVolumeClaimTemplates()).orElse(java.util.List.of()).stream()
                .filter(t -> VOLUME.equals(t.getMetadata().getName())).findFirst()
                .map(t -> new JournalClaim(t.getSpec().getStorageClassName(),
                        t.getSpec().getResources().getRequests().get("storage"), null, null));
    }

    /** The volume claim template of the brokers' StatefulSet: one ReadWriteOnce volume per broker. */
    PersistentVolumeClaim template() {
        return new PersistentVolumeClaimBuilder()
                .withNewMetadata().withName(VOLUME).endMetadata()
                .withNewSpec().withAccessModes("ReadWriteOnce").withStorageClassName(storageClassName)
                .withNewResources().withRequests(Map.of("storage", size)).endResources()
                .endSpec().build();
    }

    /** What becomes of the claims when the StatefulSet is deleted or scaled down. */
    StatefulSetPersistentVolumeClaimRetentionPolicy retention() {
        return new StatefulSetPersistentVolumeClaimRetentionPolicyBuilder()
                .withWhenDeleted(whenDeleted.name()).withWhenScaled(whenScaled.name()).build();
    }

    /** Whether two claims ask for the same volume: its class and size, the parts a StatefulSet cannot change. */
    public boolean sameVolumeAs(JournalClaim other) {
        return Objects.equals(storageClassName, other.storageClassName)
                && Quantity.getAmountInBytes(size).compareTo(Quantity.getAmountInBytes(other.size)) == 0;
    }

    /** "2Gi of class fast", or "of the cluster's default class". */
    public String describe() {
        return size + (storageClassName == null ? " of the cluster's default class" : " of class " + storageClassName);
    }

    /** The name of the claim the StatefulSet makes for broker {@code ordinal}. */
    public static String claimName(String statefulSet, int ordinal) {
        return VOLUME + "-" + statefulSet + "-" + ordinal;
    }
}
