package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.AutoscalingStatus;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.operator.autoscaling.BrokerMetricsServer;
import io.brokerwise.operator.autoscaling.MetricsEndpoints;
import io.brokerwise.routing.RoutingMapCodec;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * spec.autoscaling on a real API server. Pod names do not resolve here, so the brokers' metrics endpoints are one
 * HTTP server the test runs, serving the brokers' meters in the Prometheus text format with counters that run at
 * a set rate: far more than the declared workload, so the observed load calls for more brokers. The observer really
 * reads it over HTTP a window apart; only where it is addressed is replaced.
 */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class AutoscalingTest {

    /** What every broker serves: far over what one broker of the declared workload's layout carries. */
    static final int PRODUCERS = 100;
    static final double MESSAGES_PER_SECOND = 10_000;
    static final int SUBSCRIPTIONS = 200;
    static final double COPIES_PER_MESSAGE = 2;

    final KubernetesClient client = LocalApiServerResource.adminClient();
    final TestCluster cluster = new TestCluster(client);
    /** The routing-map addresses the operator asked to read. */
    final Set<String> asked = ConcurrentHashMap.newKeySet();
    final long started = System.nanoTime();
    BrokerMetricsServer brokers;

    @BeforeEach
    void serveTheBrokersMetrics() throws IOException {
        // counters that run at MESSAGES_PER_SECOND since the test began
        brokers = BrokerMetricsServer.serving(() -> {
            long received = Math.round(MESSAGES_PER_SECOND * (System.nanoTime() - started) / 1e9);
            return new BrokerMetricsServer.Meters(received, Math.round(received * COPIES_PER_MESSAGE), PRODUCERS,
                    SUBSCRIPTIONS);
        });
        String endpoint = brokers.address();
        QuarkusMock.installMockForType(new MetricsEndpoints() {
            @Override
            public String of(String brokerAddress) {
                asked.add(brokerAddress);
                // the "silent" topology's brokers do not answer: nothing listens on port 1
                return brokerAddress.startsWith("silent-") ? "127.0.0.1:1" : endpoint;
            }
        }, MetricsEndpoints.class);
    }

    /** The topologies go with their test: once the endpoints above are gone, nothing should read their brokers. */
    @AfterEach
    void stop() {
        client.resources(PubSubTopology.class).inAnyNamespace().list().getItems().stream()
                .filter(t -> t.getSpec().autoscaling != null).forEach(t -> client.resource(t).delete());
        brokers.close();
    }

    /** A small declared workload (one broker) with this autoscaling, on its own pool of four nodes. */
    PubSubTopology deployed(String name, String ns, String autoscaling) {
        cluster.namespace(ns);
        for (int i = 0; i < 4; i++) {
            cluster.node(ns + "-" + name + "-" + i, ns + "-" + name);
        }
        PubSubTopology t = cluster.apply("""
                apiVersion: brokerwise.io/v1alpha1
                kind: PubSubTopology
                metadata: {name: %s, namespace: %s}
                spec:
                  workload:
                    publishers: 10
                    messageRatePerPublisher: 10
                    subscribers: 20
                    filtersPerSubscriber: 1
                    replicationGrade: {mean: 2}
                  profileRef: {name: henjes-activemq}
                  objectives: {maxUtilization: 0.8}
                  placement:
                    nodeSelector: {pool: %s-%s}
                    tolerations: [{key: brokerwise.io/broker-node, operator: Exists, effect: NoSchedule}]
                  autoscaling: %s
                """.formatted(name, ns, ns, name, autoscaling));
        cluster.await(t, "Deployed", "True", "Applied");
        long brokerCount = cluster.get(t).getStatus().plan.brokers;
        for (int i = 0; i < brokerCount; i++) {
            cluster.readyBrokerPod(t, i);
        }
        cluster.await(t, "Ready", "True", "BrokersReady");
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> routing(t).isPresent());
        return t;
    }

    @Test
    void recommendModeProposesALargerLayoutOnceAndChangesNothing() {
        PubSubTopology t = deployed("busy", "recommend",
                "{mode: Recommend, window: 1s, inhibitionDelay: 3600s}");
        PubSubTopology off = deployed("quiet", "recommend", "{mode: \"Off\", window: 1s, inhibitionDelay: 3600s}");
        var stsBefore = client.apps().statefulSets().inNamespace("recommend").withName("busy-broker").get();
        String routingBefore = routing(t).orElseThrow();

        // the first observation proposes a change; the next one holds it, inhibited
        AutoscalingStatus held = await(t, a -> a.recommendation != null && "Inhibited".equals(a.recommendation.reason));
        assertNotNull(held.inhibitedUntil, "the proposal started the inhibition");
        assertTrue(held.recommendation.message.contains("no change before " + held.inhibitedUntil),
                held.recommendation.message);
        String from = held.observed.layout;
        assertEquals(from, held.recommendation.from);
        assertTrue(brokers(held.recommendation.to) > brokers(from), from + " -> " + held.recommendation.to);
        assertEquals(PRODUCERS * Long.parseLong(from.split("x")[0]), held.observed.publishers,
                "each row's brokers hold a connection of each of the row's publishers");
        assertNull(held.lastScaling, "nothing is applied in mode Recommend");
        cluster.await(t, AUTOSCALING, "True", "Recommending");

        // further windows: still held, and still the one event of the one proposal
        String seen = held.observed.time;
        await(t, a -> !seen.equals(a.observed.time) && "Inhibited".equals(a.recommendation.reason));
        List<Event> proposals = events("recommend", "busy", "Overloaded");
        assertEquals(1, proposals.size(), "one event a proposal, not one a pass");
        assertTrue(proposals.get(0).getMessage().contains(from + " -> " + held.recommendation.to + ", not applied"),
                proposals.get(0).getMessage());

        var stsAfter = client.apps().statefulSets().inNamespace("recommend").withName("busy-broker").get();
        assertEquals(stsBefore.getSpec().getReplicas(), stsAfter.getSpec().getReplicas());
        assertEquals(stsBefore.getMetadata().getAnnotations().get("brokerwise.io/layout"),
                stsAfter.getMetadata().getAnnotations().get("brokerwise.io/layout"));
        assertEquals(routingBefore, routing(t).orElseThrow());

        // mode Off: its brokers were never read, and it reports nothing of autoscaling
        assertFalse(asked.stream().anyMatch(b -> b.startsWith("quiet-")), "read: " + asked);
        assertNull(cluster.get(off).getStatus().autoscaling);
        assertTrue(cluster.condition(off, AUTOSCALING).isEmpty());
    }

    @Test
    void autoModeRecommendsAndSaysItAppliesNothingYet() {
        PubSubTopology t = deployed("eager", "auto", "{mode: Auto, window: 1s, inhibitionDelay: 3600s}");
        var sts = client.apps().statefulSets().inNamespace("auto").withName("eager-broker").get();
        var condition = cluster.await(t, AUTOSCALING, "False", "AutoNotApplied");
        assertTrue(condition.getMessage().contains("applies nothing yet"), condition.getMessage());
        AutoscalingStatus s = await(t, a -> a.recommendation != null);
        assertNull(s.lastScaling);
        assertEquals(sts.getSpec().getReplicas(),
                client.apps().statefulSets().inNamespace("auto").withName("eager-broker").get().getSpec().getReplicas());
    }

    @Test
    void brokersThatDoNotAnswerAreNamed() {
        PubSubTopology t = deployed("silent", "silent", "{mode: Recommend, window: 1s, inhibitionDelay: 3600s}");
        var incomplete = cluster.await(t, AUTOSCALING, "False", "IncompleteObservation");
        assertTrue(incomplete.getMessage().contains("silent-broker-0.silent-brokers.silent.svc:61616"),
                incomplete.getMessage());
        assertTrue(Optional.ofNullable(cluster.get(t).getStatus().autoscaling).map(a -> a.observed).isEmpty());
    }

    static final String AUTOSCALING = "Autoscaling";

    AutoscalingStatus await(PubSubTopology t, Predicate<AutoscalingStatus> until) {
        Awaitility.await().atMost(TestCluster.WAIT).untilAsserted(() -> assertTrue(autoscaling(t).filter(until)
                .isPresent(), () -> "last seen: " + io.fabric8.kubernetes.client.utils.Serialization.asYaml(
                cluster.get(t).getStatus())));
        return autoscaling(t).orElseThrow();
    }

    Optional<AutoscalingStatus> autoscaling(PubSubTopology t) {
        return Optional.ofNullable(cluster.get(t).getStatus()).map(s -> s.autoscaling);
    }

    Optional<String> routing(PubSubTopology t) {
        var map = client.configMaps().inNamespace(t.getMetadata().getNamespace())
                .withName(t.getMetadata().getName() + "-routing").get();
        return Optional.ofNullable(map).map(m -> m.getData()).map(d -> d.get(RoutingMapCodec.CONFIG_MAP_KEY));
    }

    List<Event> events(String ns, String topology, String reason) {
        return client.v1().events().inNamespace(ns).list().getItems().stream()
                .filter(e -> topology.equals(e.getInvolvedObject().getName()) && reason.equals(e.getReason())).toList();
    }

    static long brokers(String layout) {
        String[] kl = layout.split("x");
        return Long.parseLong(kl[0]) * Long.parseLong(kl[1]);
    }
}
