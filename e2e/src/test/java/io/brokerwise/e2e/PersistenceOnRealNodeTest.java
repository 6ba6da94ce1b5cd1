package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.measure.journal.JournalCheck;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A persistent topology's journal on a real PersistentVolume of the local cluster (an ext4 file system of the
 * claim's size, so a volume can fill): one broker, killed while 12,000 persistent messages wait on it in a durable
 * subscription; its volume filled until it refuses sends; the topology deleted, which leaves no claim, no volume
 * and no directory; and a claim no provisioner serves, named in the Ready condition. Counted by the journal check ({@code JournalCheck}) in a client pod, against what it sent.
 */
@LocalClusterTest
@Order(6)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ResourceLock(ClusterResources.NODE_SLOT_B)
class PersistenceOnRealNodeTest {

    private static final String NAME = "journal";
    private static final String BROKER = NAME + "-broker-0";
    private static final String CLAIM = "journal-" + BROKER;
    private static final String JOURNAL = "/var/lib/artemis/journal";
    private static final Path VOLUMES = Path.of("/var/lib/brokerwise/volumes");
    private static final Pattern REPORT = Pattern.compile("journal-check: report sent=(\\d+) received=(\\d+) "
            + "lost=(\\d+) duplicates=(\\d+) unflaggedDuplicates=(\\d+) deliveredBefore=(\\d+) "
            + "deliveredBeforeFlagged=(\\d+) kept=(true|false)");
    private static String ns;

    /** One broker (PSR 1 x 1) with a 256 MiB journal, persistent delivery, its claims deleted with it. */
    private static final String TOPOLOGY = """
            apiVersion: brokerwise.io/v1alpha1
            kind: PubSubTopology
            metadata:
              name: %s
            spec:
              workload:
                publishers: 1
                messageRatePerPublisher: 10
                subscribers: 1
                filtersPerSubscriber: 1
                filter: {kind: ApplicationProperty}
                replicationGrade: {mean: 1, distribution: Deterministic}
                messageSizeBytes: 256
                deliveryMode: Persistent
              profileRef: {name: artemis-2.56-halfcore-persistent}
              topology: {mode: PSR, publisherGroups: 1}
              storage:
                size: 256Mi
                retention: {whenDeleted: Delete, whenScaled: Delete}
              placement:
                nodeSelector: {kubernetes.io/hostname: brokerwise-node}
                tolerations: [{key: brokerwise.io/broker-node, operator: Equal, value: "true", effect: NoSchedule}]
                brokersPerNode: 1
                maxBrokers: 1
              broker: {cpu: 500m, memory: 512Mi}
            """.formatted(NAME);

    @BeforeAll
    static void readyTopology(KubernetesClient k8s) {
        OperatorInstall.ensure(k8s);
        ns = Pods.createNamespace(k8s, "bw-e2e-journal");
        Topologies.apply(k8s, ns, TOPOLOGY);
        Topologies.await(k8s, ns, NAME, "Ready", "True", "are Ready", 4);
    }

    @AfterAll
    static void deleteNamespace(KubernetesClient k8s) {
        Topologies.deleteNamespace(k8s, ns);
    }

    @Test
    @Order(1)
    void aKilledBrokerKeepsEveryPersistentMessageItHeld(KubernetesClient k8s) throws Exception {
        String volume = claim(k8s).getSpec().getVolumeName();
        ClientPod check = journalCheck(k8s, "hold-check", "hold", "--messages", "12000", "--unacknowledged", "100");
        check.awaitLine("journal-check: held 12000 messages", Duration.ofMinutes(6));
        int restarts = restarts(k8s);
        String killed = HostProcesses.killContainer(k8s.pods().inNamespace(ns).withName(BROKER).get(), "artemis");
        System.out.println("JOURNAL: killed " + killed + " with 12,000 messages waiting");
        k8s.pods().inNamespace(ns).withName(BROKER).waitUntilCondition(p -> p != null && Topologies.ready(p)
                && restarts(p) > restarts, 3, TimeUnit.MINUTES);
        check.awaitEnd(Duration.ofMinutes(8));
        String log = check.log();
        Matcher report = REPORT.matcher(log);
        assertTrue(report.find(), "no report in the check's log:\n" + log);
        System.out.println("JOURNAL: " + report.group());
        assertEquals("12000", report.group(1), "sent");
        assertEquals("0", report.group(3), "lost: " + report.group());
        assertEquals("0", report.group(5), "duplicates not flagged redelivered: " + report.group());
        assertEquals("100", report.group(7), "delivered before the kill, back flagged: " + report.group());
        assertEquals("Succeeded", check.phase(), log);
        assertEquals(volume, claim(k8s).getSpec().getVolumeName(), "the broker came back on its own volume");
    }

    @Test
    @Order(2)
    void aFullVolumeIsAConditionAndSendsTimeOutWithTheReasonUntilSpaceIsFreed(KubernetesClient k8s)
            throws Exception {
        ClientPod sends = journalCheck(k8s, "send-check", "send", "--rate", "2", "--for", "6m");
        sends.awaitLine("journal-check: first send went through", Duration.ofMinutes(3));
        String filled = Pods.exec(k8s, ns, BROKER, "sh", "-c", "fallocate -l $(df -B1 --output=avail " + JOURNAL
                + " | tail -1 | awk '{print $1 - 8 * 1024 * 1024}') " + JOURNAL + "/ballast && df -h " + JOURNAL);
        System.out.println("JOURNAL: filled the volume:\n" + filled);
        var full = Topologies.await(k8s, ns, NAME, "JournalVolumes", "False", CLAIM, 3);
        System.out.println("JOURNAL: condition " + full);
        assertEquals("VolumeFull", full.get("reason"), String.valueOf(full));
        String failed = sends.awaitLine("journal-check: send failed: [JournalVolumeFull]", Duration.ofMinutes(3));
        assertTrue(failed.contains("journal volume is full"), failed);

        Pods.exec(k8s, ns, BROKER, "rm", JOURNAL + "/ballast");
        var room = Topologies.await(k8s, ns, NAME, "JournalVolumes", "True", CLAIM, 3);
        System.out.println("JOURNAL: condition " + room);
        String recovered = sends.awaitLine("journal-check: sends go through again", Duration.ofMinutes(3));
        System.out.println("JOURNAL: " + recovered.lines().filter(l -> l.startsWith("journal-check: s")).toList());
        k8s.pods().inNamespace(ns).withName("send-check").withGracePeriod(0).delete();
    }

    @Test
    @Order(3)
    void deletingTheTopologyLeavesNoClaimVolumeOrDirectory(KubernetesClient k8s) throws Exception {
        String volume = claim(k8s).getSpec().getVolumeName();
        Path directory = VOLUMES.resolve(volume + "_" + ns + "_" + CLAIM);
        Path image = VOLUMES.resolve(volume + "_" + ns + "_" + CLAIM + ".img");
        assertTrue(Files.isDirectory(directory), "the volume's directory " + directory);
        Topologies.get(k8s, ns, NAME).delete();
        k8s.persistentVolumeClaims().inNamespace(ns).withName(CLAIM).waitUntilCondition(c -> c == null, 3,
                TimeUnit.MINUTES);
        k8s.persistentVolumes().withName(volume).waitUntilCondition(v -> v == null, 3, TimeUnit.MINUTES);
        assertFalse(Files.exists(directory), directory + " is left");
        assertFalse(Files.exists(image), image + " is left");
        System.out.println("JOURNAL: topology deleted: claim " + CLAIM + ", volume " + volume + " and " + directory
                + " are gone");
    }

    /**
     * A StorageClass whose provisioner does not run: the claim stays Pending, the broker pod waits without starting
     * (no crash loop), and Ready=False names the claim, its class and the provisioner it waits for.
     */
    @Test
    @Order(4)
    void aClaimThatGetsNoVolumeIsNamedInTheReadyCondition(KubernetesClient k8s) {
        String storageClass = "brokerwise-unprovisioned";
        k8s.storage().v1().storageClasses().resource(new StorageClassBuilder().withNewMetadata()
                .withName(storageClass).endMetadata().withProvisioner("brokerwise.io/nowhere")
                .withVolumeBindingMode("WaitForFirstConsumer").build()).serverSideApply();
        try {
            Topologies.apply(k8s, ns, TOPOLOGY.replace("name: " + NAME, "name: unbound")
                    .replace("size: 256Mi", "size: 256Mi\n    storageClassName: " + storageClass));
            var ready = Topologies.await(k8s, ns, "unbound", "Ready", "False",
                    "waiting for its journal claim journal-unbound-broker-0 (Pending, StorageClass " + storageClass
                            + "): no volume from provisioner brokerwise.io/nowhere yet", 3);
            System.out.println("JOURNAL: " + ready.get("message"));
            Pod broker = k8s.pods().inNamespace(ns).withName("unbound-broker-0").get();
            assertEquals("Pending", broker.getStatus().getPhase());
            assertEquals(0, broker.getStatus().getContainerStatuses() == null ? 0 : restarts(broker));
        } finally {
            Topologies.get(k8s, ns, "unbound").delete();
            k8s.storage().v1().storageClasses().withName(storageClass).delete();
        }
    }

    private static PersistentVolumeClaim claim(KubernetesClient k8s) {
        PersistentVolumeClaim claim = k8s.persistentVolumeClaims().inNamespace(ns).withName(CLAIM).get();
        assertEquals("Bound", claim.getStatus().getPhase(), "claim " + CLAIM);
        assertEquals(new Quantity("256Mi"), claim.getStatus().getCapacity().get("storage"));
        return claim;
    }

    private static int restarts(KubernetesClient k8s) {
        return restarts(k8s.pods().inNamespace(ns).withName(BROKER).get());
    }

    private static int restarts(Pod p) {
        return p.getStatus().getContainerStatuses().stream().mapToInt(c -> c.getRestartCount()).sum();
    }

    /** The journal check ({@code JournalCheck}) with {@code args}, as a client pod of the topology. */
    private static ClientPod journalCheck(KubernetesClient k8s, String name, String... args) {
        return ClientPod.start(k8s, ns, NAME, name, ClientPod.running(NAME, JournalCheck.class.getName(), List.of(args))
                .withNewResources().addToRequests(Map.of("cpu", new Quantity("200m"), "memory", new Quantity("320Mi")))
                .addToLimits(Map.of("cpu", new Quantity("1"), "memory", new Quantity("320Mi"))).endResources());
    }
}
