package io.brokerwise.operator.dependent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.StorageSpec;
import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.operator.layout.Conditions;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The journal's claims as the StatefulSet renders them, and when the operator refuses to apply them. */
class JournalStorageTest {

    private static final List<StorageClass> FAST = List.of(storageClass("fast", false));

    static PubSubTopology persistent(String storage) {
        PubSubTopology t = BrokerStatefulSetTest.topology("t", "");
        t.getSpec().storage = storage.isEmpty() ? new StorageSpec() : spec(storage);
        t.getSpec().workload.deliveryMode = io.brokerwise.api.v1alpha1.WorkloadSpec.DeliveryMode.Persistent;
        return t;
    }

    private static StorageSpec spec(String storage) {
        String[] parts = storage.split(" ");
        StorageSpec spec = new StorageSpec();
        spec.storageClassName = parts[0];
        spec.size = parts[1];
        return spec;
    }

    @Test
    void aPersistentTopologyClaimsAJournalPerBrokerAndMountsItWhereTheBrokerJournals() {
        StatefulSet set = BrokerStatefulSet.render(BrokerSet.of(persistent("fast 2Gi")), 3);
        var template = set.getSpec().getVolumeClaimTemplates().get(0);
        assertEquals("journal", template.getMetadata().getName());
        assertEquals("fast", template.getSpec().getStorageClassName());
        assertEquals(new Quantity("2Gi"), template.getSpec().getResources().getRequests().get("storage"));
        assertEquals(List.of("ReadWriteOnce"), template.getSpec().getAccessModes());
        var retention = set.getSpec().getPersistentVolumeClaimRetentionPolicy();
        assertEquals("Delete", retention.getWhenDeleted(), "keeps nothing that holds no message");
        assertEquals("Delete", retention.getWhenScaled());
        assertEquals(Map.of("/var/lib/artemis", "data", "/tmp", "tmp", BrokerConfiguration.POD_JOURNAL_DIRECTORY, "journal"),
                writable(set.getSpec().getTemplate().getSpec().getContainers().get(0)));
        assertTrue(set.getSpec().getTemplate().getSpec().getVolumes().stream().noneMatch(v -> v.getName().equals("journal")),
                "the claim is the volume");
        assertTrue(BrokerConfigMap.brokerXml(BrokerSet.of(persistent("fast 2Gi")))
                .contains("<journal-directory>" + BrokerConfiguration.POD_JOURNAL_DIRECTORY + "/messages</journal-directory>"));
    }

    @Test
    void retentionAndTheOperatorsDefaultsComeFromTheSpecWhereItSaysSo() {
        PubSubTopology kept = persistent("");
        kept.getSpec().storage.retention.whenDeleted = StorageSpec.Policy.Retain;
        JournalClaim claim = BrokerSet.of(kept).claim();
        assertNull(claim.storageClassName(), "no class named: the cluster's default");
        assertEquals(new Quantity(JournalClaim.DEFAULT_SIZE), claim.size());
        assertEquals("Retain", BrokerStatefulSet.render(BrokerSet.of(kept), 1).getSpec()
                .getPersistentVolumeClaimRetentionPolicy().getWhenDeleted());
    }

    @Test
    void aNonPersistentTopologyClaimsNothingAndATemporaryBrokerJournalsIntoItsPod() {
        StatefulSet plain = BrokerStatefulSet.render(BrokerSet.of(BrokerStatefulSetTest.topology("t", "")), 1);
        assertTrue(plain.getSpec().getVolumeClaimTemplates().isEmpty());
        assertNull(plain.getSpec().getPersistentVolumeClaimRetentionPolicy());
        StatefulSet temporary = BrokerStatefulSet.render(BrokerSet.of(persistent("fast 2Gi")).named("run-layout"), 1);
        assertTrue(temporary.getSpec().getVolumeClaimTemplates().isEmpty());
        assertTrue(temporary.getSpec().getTemplate().getSpec().getVolumes().stream()
                .anyMatch(v -> v.getName().equals("journal") && v.getEmptyDir() != null));
    }

    /** The CRD's minimum holds what the broker's journal settings need. */
    @Test
    void theMinimumSizeHoldsWhatTheJournalNeeds() {
        long needed = BrokerConfiguration.forPod("b", "t", true).journalBytesNeeded();
        assertTrue(StorageSpec.minimumBytes().longValue() >= needed, needed + " bytes needed");
    }

    @Test
    void aRunningStatefulSetKeepsItsClaimsAndTheChangeIsRefusedSayingWhatToDo() {
        StatefulSet running = BrokerStatefulSet.render(BrokerSet.of(persistent("fast 2Gi")), 2);
        assertEquals(Optional.empty(), JournalStorage.refusal(BrokerSet.of(persistent("fast 2048Mi")),
                Optional.of(running), FAST), "the same size, written otherwise");
        Conditions.Verdict bigger = JournalStorage.refusal(BrokerSet.of(persistent("fast 4Gi")), Optional.of(running),
                FAST).orElseThrow();
        assertEquals("StorageChangeRefused", bigger.reason());
        assertTrue(bigger.message().contains("2Gi of class fast") && bigger.message().contains("4Gi of class fast")
                && bigger.message().contains("kubectl delete statefulset t-broker --cascade=orphan"), bigger.message());
        StatefulSet plain = BrokerStatefulSet.render(BrokerSet.of(BrokerStatefulSetTest.topology("t", "")), 2);
        Conditions.Verdict gained = JournalStorage.refusal(BrokerSet.of(persistent("fast 2Gi")), Optional.of(plain),
                FAST).orElseThrow();
        assertTrue(gained.message().contains("run with no journal volume"), gained.message());
    }

    @Test
    void aClassThatDoesNotExistIsNamedWithTheClaims() {
        Conditions.Verdict missing = JournalStorage.refusal(BrokerSet.of(persistent("slow 2Gi")), Optional.empty(),
                FAST).orElseThrow();
        assertEquals("StorageClassNotFound", missing.reason());
        assertTrue(missing.message().contains("storage class slow does not exist")
                && missing.message().contains("journal-t-broker-0"), missing.message());
        assertTrue(JournalStorage.refusal(BrokerSet.of(persistent("")), Optional.empty(), FAST).isPresent(),
                "no class named and no default class");
        assertEquals(Optional.empty(), JournalStorage.refusal(BrokerSet.of(persistent("")), Optional.empty(),
                List.of(storageClass("standard", true))));
        assertEquals(Optional.empty(), JournalStorage.refusal(BrokerSet.of(BrokerStatefulSetTest.topology("t", "")),
                Optional.empty(), List.of()), "no journal, no class needed");
    }

    static StorageClass storageClass(String name, boolean isDefault) {
        return new StorageClassBuilder().withNewMetadata().withName(name)
                .withAnnotations(isDefault ? Map.of(JournalStorage.DEFAULT_CLASS_ANNOTATION, "true") : Map.of())
                .endMetadata().withProvisioner("example.com/disk").build();
    }

    private static Map<String, String> writable(Container container) {
        return container.getVolumeMounts().stream().filter(m -> m.getReadOnly() == null || !m.getReadOnly())
                .collect(Collectors.toMap(VolumeMount::getMountPath, VolumeMount::getName));
    }
}
