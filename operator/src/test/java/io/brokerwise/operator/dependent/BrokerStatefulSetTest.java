package io.brokerwise.operator.dependent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.WorkloadSpec;
import io.brokerwise.broker.MountedCredentials;
import io.brokerwise.broker.tls.BrokerKeyStore;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.operator.layout.BrokerLayout;
import io.brokerwise.operator.layout.Deployment;
import io.brokerwise.operator.layout.RolloutStep;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.operator.layout.QueueLayout;
import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The broker pod as the StatefulSet's template renders it, without a cluster. */
class BrokerStatefulSetTest {

    static PubSubTopology topology(String name, String brokerFields) {
        return new ManifestReader().add(new StringReader("""
                apiVersion: brokerwise.io/v1alpha1
                kind: PubSubTopology
                metadata: {name: %s, namespace: ns}
                spec:
                  workload: {publishers: 10, messageRatePerPublisher: 5, subscribers: 20}
                  placement: {nodeSelector: {pool: a}, brokersPerNode: 1}
                  broker: {image: brokerwise.io/artemis:test%s}
                """.formatted(name, brokerFields)), "test").one(PubSubTopology.class);
    }

    static PodTemplateSpec template(PubSubTopology topology, String deliveryMode) {
        return BrokerStatefulSet.template(brokers(topology, deliveryMode));
    }

    static BrokerSet brokers(PubSubTopology topology, String deliveryMode) {
        topology.getSpec().workload.deliveryMode = WorkloadSpec.DeliveryMode.valueOf(deliveryMode);
        return BrokerSet.of(topology);
    }

    /**
     * A rollout replaces the pods whose template hash differs from the StatefulSet's: the hash changes with what the
     * brokers run (their memory, what they serve), and only with that, so an operator that renders the same brokers
     * replaces none.
     */
    @Test
    void theTemplateHashChangesWithWhatTheBrokersRunAndOnlyWithThat() {
        BrokerSet brokers = brokers(topology("t", ""), "NonPersistent");
        String hash = BrokerStatefulSet.templateHash(brokers, null);
        assertEquals(hash, BrokerStatefulSet.templateHash(brokers(topology("t", ""), "NonPersistent"), null));
        var template = BrokerStatefulSet.template(brokers, null);
        assertEquals(hash, template.getMetadata().getAnnotations().get(Names.TEMPLATE_HASH_ANNOTATION));
        assertEquals(hash, BrokerStatefulSet.templateHash(brokers(topology("t", ", memory: 1Gi"), "NonPersistent"),
                null), "the default memory written out is the same template");
        assertNotEquals(hash, BrokerStatefulSet.templateHash(brokers(topology("t", ", memory: 2Gi"), "NonPersistent"),
                null), "more memory");
        assertNotEquals(hash, BrokerStatefulSet.templateHash(brokers, "a CA"), "what the brokers serve");
        assertNotEquals(hash, BrokerStatefulSet.templateHash(brokers(topology("t", ""), "Persistent"), null),
                "a journal");
    }

    @Test
    void brokersRunAsTheImagesNonRootUserWithoutPrivileges() {
        var pod = template(topology("t", ""), "NonPersistent").getSpec();
        var podSecurity = pod.getSecurityContext();
        assertTrue(podSecurity.getRunAsNonRoot());
        assertEquals(10001L, podSecurity.getRunAsUser());
        assertEquals(10001L, podSecurity.getRunAsGroup());
        assertEquals(10001L, podSecurity.getFsGroup(), "emptyDirs writable by the broker's group");
        assertEquals("RuntimeDefault", podSecurity.getSeccompProfile().getType());
        var security = artemis(pod.getContainers()).getSecurityContext();
        assertTrue(security.getReadOnlyRootFilesystem());
        assertEquals(false, security.getAllowPrivilegeEscalation());
        assertEquals(List.of("ALL"), security.getCapabilities().getDrop());
        assertTrue(security.getCapabilities().getAdd() == null || security.getCapabilities().getAdd().isEmpty());
        assertTrue(security.getPrivileged() == null || !security.getPrivileged());
    }

    /** Where a broker writes, found by running one under a read-only root: its data directory and /tmp. */
    @Test
    void onlyTheDataDirectoryAndTmpAreWritableAndBothAreEmptyDirs() {
        var pod = template(topology("t", ""), "NonPersistent").getSpec();
        Map<String, String> writable = artemis(pod.getContainers()).getVolumeMounts().stream()
                .filter(m -> m.getReadOnly() == null || !m.getReadOnly())
                .collect(Collectors.toMap(VolumeMount::getMountPath, VolumeMount::getName));
        assertEquals(Map.of("/var/lib/artemis", "data", "/tmp", "tmp"), writable);
        assertTrue(io.brokerwise.broker.BrokerConfiguration.POD_DATA_DIRECTORY.startsWith("/var/lib/artemis/"));
        Map<String, Volume> volumes = pod.getVolumes().stream().collect(Collectors.toMap(Volume::getName, v -> v));
        for (String name : writable.values()) {
            assertTrue(volumes.get(name).getEmptyDir() != null, name + " is an emptyDir");
        }
        assertEquals("t-broker-config", volumes.get("config").getConfigMap().getName());
    }

    /**
     * A broker reads its users from both Secrets mounted as files, which the kubelet updates when a Secret changes,
     * and never from environment variables, which keep the old password until the pod is replaced.
     */
    @Test
    void brokersReadTheirUsersFromBothSecretsMountedAsFiles() {
        var pod = template(topology("t", ""), "NonPersistent").getSpec();
        Container broker = artemis(pod.getContainers());
        VolumeMount mount = broker.getVolumeMounts().stream().filter(m -> m.getName().equals("credentials")).findFirst()
                .orElseThrow();
        assertEquals(MountedCredentials.POD_DIRECTORY, mount.getMountPath());
        assertTrue(mount.getReadOnly());
        assertEquals(null, mount.getSubPath(), "a subPath mount is never updated");
        var projected = pod.getVolumes().stream().filter(v -> v.getName().equals("credentials")).findFirst()
                .orElseThrow().getProjected();
        assertEquals(List.of("t-broker-credentials", "t-broker-management"),
                projected.getSources().stream().map(s -> s.getSecret().getName()).toList());
        assertEquals(Map.of("BROKER_XML", "/etc/artemis/broker.xml", MountedCredentials.DIRECTORY_ENV,
                        MountedCredentials.POD_DIRECTORY, BrokerKeyStore.DIRECTORY_ENV, BrokerKeyStore.POD_DIRECTORY),
                broker.getEnv().stream().collect(Collectors.toMap(e -> e.getName(), e -> e.getValue())));
    }

    @Test
    void aNewConnectionLimitOrDeliveryModeRollsTheBrokers() {
        String unlimited = hash(template(topology("t", ""), "NonPersistent"));
        assertEquals(unlimited, hash(template(topology("t", ""), "NonPersistent")), "the same configuration rolls nothing");
        assertNotEquals(unlimited, hash(template(topology("t", ""), "Persistent")), "a journal needs a restart");
        String limited = hash(template(topology("t", ", maxConnections: 500"), "NonPersistent"));
        assertNotEquals(unlimited, limited);
        assertNotEquals(limited, hash(template(topology("t", ", maxConnections: 600"), "NonPersistent")));
    }

    @Test
    void theBrokerConfigurationCarriesTheConnectionLimit() {
        assertTrue(BrokerConfigMap.brokerXml(BrokerSet.of(topology("t", ", maxConnections: 500")))
                .contains("connectionsAllowed=500;"));
        assertTrue(BrokerConfigMap.brokerXml(BrokerSet.of(topology("t", "")))
                .contains("connectionsAllowed=-1;"));
    }

    private static String hash(PodTemplateSpec template) {
        return template.getMetadata().getAnnotations().get(Names.CONFIG_HASH_ANNOTATION);
    }

    private static Container artemis(List<Container> containers) {
        assertEquals(1, containers.size());
        return containers.get(0);
    }

    /**
     * The pods stay while a layout, the map clients follow or a retiring broker needs them: a shrink waits for the
     * map to move and the retiring brokers to empty, a growth is not held back by a smaller map.
     */
    @Test
    void replicasAreTheMostThatTheLayoutTheRoutedMapOrARetiringBrokerNeeds() {
        var routedTo4 = Optional.of(RoutingMap.forStatefulSet("t", 2, 2, "t", "ns", 61616));
        assertEquals(4, BrokerStatefulSet.replicas(deployment(new Layout(1, 1), routedTo4, 0)), "the map still uses 4");
        assertEquals(6, BrokerStatefulSet.replicas(deployment(new Layout(1, 1), routedTo4, 6)), "retiring brokers hold clients");
        assertEquals(6, BrokerStatefulSet.replicas(deployment(new Layout(3, 2), routedTo4, 0)), "a growth");
        assertEquals(2, BrokerStatefulSet.replicas(deployment(new Layout(2, 1), Optional.empty(), 0)), "no map yet");
        var rolling = Optional.of(routedTo4.get().withBroker(1, RoutingMap.statefulSetAddress("t", "ns", 61616, 4)));
        assertEquals(5, BrokerStatefulSet.replicas(deployment(new Layout(2, 2), rolling, 0)),
                "a rollout's map names ordinal 4 in place of 1: the pods up to it stay");
    }

    /**
     * A queue needs its k brokers whatever the topic's layout; a retiring replica the routes of this pass still name
     * keeps its broker, up to its ordinal even where a lower one emptied first, and one they dropped (it emptied) lets
     * it go in the same pass, whatever the map said before.
     */
    @Test
    void replicasCoverTheLargestQueueAndEveryReplicaThePassRoutes() {
        QueueLayout work = new QueueLayout(Map.of("work", 5), List.of());
        assertEquals(5, BrokerStatefulSet.replicas(deployment(new Layout(2, 1), Optional.empty(), 0, work)));
        List<String> brokers = RoutingMap.statefulSetAddresses("t", "ns", 61616, 4);
        QueueRoute retiring = new QueueRoute("work", List.of(QueueRoute.Replica.at(brokers.get(0)),
                QueueRoute.Replica.at(brokers.get(1)), new QueueRoute.Replica(brokers.get(2), 1, 0, true)));
        var before = Optional.of(RoutingMap.of("t", 1, 1, brokers.subList(0, 1)).withQueues(List.of(retiring)));
        assertEquals(3, BrokerStatefulSet.replicas(deployment(new Layout(1, 1), before, 0,
                new QueueLayout(Map.of("work", 2), List.of(retiring)))), "the retiring third replica holds a producer");
        QueueRoute emptied = new QueueRoute("work", retiring.replicas().subList(0, 2));
        assertEquals(2, BrokerStatefulSet.replicas(deployment(new Layout(1, 1), before, 0,
                new QueueLayout(Map.of("work", 2), List.of(emptied)))), "the emptied replica's broker goes");
        QueueRoute skipping = new QueueRoute("work", List.of(QueueRoute.Replica.at(brokers.get(0)),
                QueueRoute.Replica.at(brokers.get(1)), new QueueRoute.Replica(brokers.get(3), 0, 1, true)));
        assertEquals(4, BrokerStatefulSet.replicas(deployment(new Layout(1, 1), before, 0,
                new QueueLayout(Map.of("work", 2), List.of(skipping)))), "broker 3 still retires, though 2 emptied");
    }

    private static Deployment deployment(Layout layout, Optional<RoutingMap> routed, int retained) {
        return deployment(layout, routed, retained, QueueLayout.NONE);
    }

    private static Deployment deployment(Layout layout, Optional<RoutingMap> routed, int retained, QueueLayout queues) {
        return new Deployment(new BrokerLayout(layout), null, routed, retained, queues, RolloutStep.NONE);
    }
}
