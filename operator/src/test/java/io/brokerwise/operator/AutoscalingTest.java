package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.v1alpha1.AutoscalingStatus;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologyStatus;
import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.operator.autoscaling.BrokerMetricsServer;
import io.brokerwise.operator.monitor.MetricsEndpoints;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapCodec;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
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
    @ConfigProperty(name = "quarkus.http.test-port")
    int port;
    final TestCluster cluster = new TestCluster(client);
    /** The routing-map addresses the operator asked to read. */
    final Set<String> asked = ConcurrentHashMap.newKeySet();
    /** The load every broker serves: overload until a test sets it idle. */
    final RunningCounters load = new RunningCounters(MESSAGES_PER_SECOND, PRODUCERS, SUBSCRIPTIONS);
    /** Brokers whose clients have all left: they serve {@code left}, no connection at all. */
    final Set<String> deserted = ConcurrentHashMap.newKeySet();
    BrokerMetricsServer brokers;
    BrokerMetricsServer left;

    @BeforeEach
    void serveTheBrokersMetrics() throws IOException {
        brokers = BrokerMetricsServer.serving(load::meters);
        left = BrokerMetricsServer.serving(() -> new BrokerMetricsServer.Meters(0, 0, 0, 0));
        String endpoint = brokers.address();
        QuarkusMock.installMockForType(new MetricsEndpoints() {
            @Override
            public String of(String brokerAddress) {
                asked.add(brokerAddress);
                // the "silent" topology's brokers do not answer: nothing listens on port 1
                return brokerAddress.startsWith("silent-") ? "127.0.0.1:1"
                        : deserted.contains(brokerAddress) ? left.address() : endpoint;
            }
        }, MetricsEndpoints.class);
    }

    /** Counters that run at a rate the test sets, each new rate going on from where the counters are. */
    static final class RunningCounters {
        private double rate;
        private int producers;
        private int subscriptions;
        private double received;
        private long since = System.nanoTime();

        RunningCounters(double rate, int producers, int subscriptions) {
            set(rate, producers, subscriptions);
        }

        synchronized void set(double newRate, int newProducers, int newSubscriptions) {
            received = receivedNow();
            since = System.nanoTime();
            rate = newRate;
            producers = newProducers;
            subscriptions = newSubscriptions;
        }

        /** Queue "work" at every broker, 4 producers and 4 consumers, at this rate; 0: no queue served. */
        private volatile double queueRate;
        private final long queueSince = System.nanoTime();

        synchronized BrokerMetricsServer.Meters meters() {
            long r = Math.round(receivedNow());
            var meters = new BrokerMetricsServer.Meters(r, Math.round(r * COPIES_PER_MESSAGE), producers,
                    subscriptions);
            long added = Math.round(queueRate * (System.nanoTime() - queueSince) / 1e9);
            return queueRate == 0 ? meters
                    : meters.with(Map.of("work", new BrokerSample.QueueReplica(4, 4, 0, added, added)));
        }

        private double receivedNow() {
            return received + rate * (System.nanoTime() - since) / 1e9;
        }
    }

    /** The topologies go with their test: once the endpoints above are gone, nothing should read their brokers. */
    @AfterEach
    void stop() {
        client.resources(PubSubTopology.class).inAnyNamespace().list().getItems().stream()
                .filter(t -> t.getSpec().autoscaling != null).forEach(t -> client.resource(t).delete());
        brokers.close();
        left.close();
    }

    /** A small declared workload (one broker) with this autoscaling, on its own pool of four nodes. */
    PubSubTopology deployed(String name, String ns, String autoscaling) {
        return deployed(name, ns, autoscaling, "henjes-activemq");
    }

    PubSubTopology deployed(String name, String ns, String autoscaling, String profile) {
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
                  profileRef: {name: %s}
                  objectives: {maxUtilization: 0.8}
                  placement:
                    nodeSelector: {pool: %s-%s}
                    tolerations: [{key: brokerwise.io/broker-node, operator: Exists, effect: NoSchedule}]
                  autoscaling: %s
                """.formatted(name, ns, profile, ns, name, autoscaling));
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

        // read as the topology's metrics user, from the Secret no application pod gets
        var management = client.secrets().inNamespace("recommend").withName("busy-broker-management").get().getData();
        assertTrue(brokers.readers().contains(decoded(management.get("METRICS_USER")) + ":"
                + decoded(management.get("METRICS_PASSWORD"))), "read as " + brokers.readers());

        // mode Off: its brokers were never read, it reports nothing of autoscaling, and its layout stays
        assertFalse(asked.stream().anyMatch(b -> b.startsWith("quiet-")), "read: " + asked);
        assertEquals(1, (long) statefulSet(off).getSpec().getReplicas());
        assertNull(cluster.get(off).getStatus().autoscaling);
        assertTrue(cluster.condition(off, AUTOSCALING).isEmpty());
    }

    /**
     * A queue declared light (one replica) whose brokers count 30,000 msgs/s from 4 producers: the busiest of 2 or 3
     * replicas would carry 2 producers' 15,000 msgs/s, above the cap, so it takes four, one producer each (R5). Mode
     * Auto grows it to four, the StatefulSet with it, and the routing map once the new
     * brokers are Ready; mode Recommend, beside it, proposes the same and changes nothing. The topic's load is
     * light, so the topic's layout holds and its change starts no inhibition before the queue's.
     */
    @Test
    void autoModeGrowsAQueueOnItsObservedLoadAndRecommendModeOnlyProposesIt() {
        load.set(1, 10, 20);
        load.queueRate = 30_000;
        String queue = "\n  queues: [{name: work, producers: 4, messageRatePerProducer: 10, consumers: 4}]";
        PubSubTopology t = deployed("grower", "queues", "{mode: Auto, window: 1s, inhibitionDelay: 3600s}" + queue);
        PubSubTopology proposing = deployed("proposer", "queues", "{mode: Recommend, window: 1s, "
                + "inhibitionDelay: 3600s}" + queue);
        assertEquals(1, routed(t).queue("work").orElseThrow().replicas().size(), "one replica planned");

        AutoscalingStatus grown = await(t, a -> a.queues != null && a.queues.get(0).replicas != null);
        var work = grown.queues.get(0);
        assertEquals("Overloaded", work.recommendation.reason, work.recommendation.message);
        assertEquals(1, work.recommendation.from);
        assertEquals(4, work.replicas);
        assertEquals(30_000, work.arrivalRate, 3_000);
        assertEquals(4, work.producers);
        assertNotNull(grown.inhibitedUntil, "the change started the inhibition");
        assertEquals(1, events("queues", "grower", "Overloaded").size());
        assertTrue(events("queues", "grower", "Overloaded").get(0).getMessage().startsWith("autoscaling changes "
                + "queue work from 1 to 4 replicas"));
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> statefulSet(t).getSpec().getReplicas() == 4);
        for (int i = 1; i < 4; i++) {
            cluster.readyBrokerPod(t, i);
        }
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> routed(t).queue("work").orElseThrow().replicas()
                .size() == 4);

        AutoscalingStatus proposed = await(proposing, a -> a.queues != null
                && "Inhibited".equals(a.queues.get(0).recommendation.reason));
        assertEquals(4, proposed.queues.get(0).recommendation.to);
        assertNull(proposed.queues.get(0).replicas, "mode Recommend applies nothing");
        assertEquals(1, (int) statefulSet(proposing).getSpec().getReplicas());
        assertEquals(1, routed(proposing).queue("work").orElseThrow().replicas().size());
    }

    static String decoded(String base64) {
        return new String(java.util.Base64.getDecoder().decode(base64), java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void autoModeScalesUpOnOverloadAndRefusesASecondChangeWithinTheDelay() {
        PubSubTopology t = deployed("eager", "auto", "{mode: Auto, window: 1s, inhibitionDelay: 3600s}");
        String routedBefore = routing(t).orElseThrow();

        AutoscalingStatus scaled = await(t, a -> a.lastScaling != null);
        String from = scaled.lastScaling.from;
        String to = scaled.lastScaling.to;
        assertEquals("Overloaded", scaled.lastScaling.reason);
        assertTrue(brokers(to) > brokers(from), from + " -> " + to);
        assertEquals(to, scaled.layout);
        assertNotNull(scaled.inhibitedUntil);
        assertNotNull(scaled.lastScaling.publishersMoved);
        cluster.await(t, AUTOSCALING, "True", "Applying");
        cluster.await(t, "Planned", "True", "Autoscaled", to + " applied by autoscaling (Overloaded)");
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> statefulSet(t).getSpec().getReplicas() == brokers(to)
                && to.equals(statefulSet(t).getMetadata().getAnnotations().get("brokerwise.io/layout")));
        assertEquals(1, events("auto", "eager", "Overloaded").size());
        assertTrue(events("auto", "eager", "Overloaded").get(0).getMessage().startsWith("autoscaling scales "
                + from + " -> " + to + ", moving "));
        assertEquals(routedBefore, routing(t).orElseThrow(), "the map waits for the new brokers to be Ready");
        assertNull(cluster.get(t).getStatus().autoscaling.retiring, "new brokers are not retiring ones");

        // the new brokers come up: the map moves, broker 0 keeping its cell
        for (int i = (int) brokers(from); i < brokers(to); i++) {
            cluster.readyBrokerPod(t, i);
        }
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> routedLayout(t).equals(to));
        assertEquals("eager-broker-0.eager-brokers.auto.svc:61616", routed(t).broker(0, 0));

        // the load drops: a shrink is wanted, and refused until the delay is over
        load.set(1, 1, 1);
        AutoscalingStatus held = await(t, a -> to.equals(a.observed.layout)
                && a.recommendation.reason.equals("Inhibited"));
        assertTrue(brokers(held.recommendation.to) < brokers(to), held.recommendation.to);
        assertEquals(scaled.lastScaling.time, held.lastScaling.time, "no second change");
        assertEquals(brokers(to), (long) statefulSet(t).getSpec().getReplicas());
        assertEquals(to, routedLayout(t));

        // the status is wiped: the scaled layout stays, held as autoscaling's, not the plan of spec.workload. Wiped
        // while paused, so that no pass under way writes the status it read back over the wipe
        cluster.merge(t, "{\"metadata\": {\"annotations\": {\"brokerwise.io/paused\": \"true\"}}}");
        cluster.await(t, "Paused", "True", "ReconciliationPaused");
        PubSubTopology wiped = cluster.get(t);
        wiped.setStatus(new PubSubTopologyStatus());
        client.resource(wiped).updateStatus();
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> cluster.get(t).getStatus().observedGeneration == null
                && cluster.condition(t, "Paused").isPresent());
        cluster.merge(t, "{\"metadata\": {\"annotations\": {\"brokerwise.io/paused\": null}}}");
        // the pass that finds it wiped says so (an event: the next pass reports the held layout again)
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> !events("auto", "eager", "StatusRestored").isEmpty());
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> cluster.get(t).getStatus().autoscaling != null
                && to.equals(cluster.get(t).getStatus().autoscaling.layout));
        cluster.await(t, "Planned", "True", "Autoscaled");
        assertEquals(brokers(to), (long) statefulSet(t).getSpec().getReplicas());
        assertEquals(to, routedLayout(t));
    }

    @Test
    void autoModeShrinksAfterTheDelayAndRemovesARetiringBrokerOnlyOnceItsClientsLeft() {
        PubSubTopology t = deployed("ebb", "ebb", "{mode: Auto, window: 1s, inhibitionDelay: 2s}");
        String to = await(t, a -> a.lastScaling != null).lastScaling.to;
        load.set(1, 1, 1);
        for (int i = 1; i < brokers(to); i++) {
            cluster.readyBrokerPod(t, i);
        }
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> routedLayout(t).equals(to));

        // the shrink leaves the map at once; the retiring brokers stay until read, and still hold clients once read
        AutoscalingStatus shrunk = await(t, a -> "Underloaded".equals(a.lastScaling.reason) && a.retiring != null
                && a.retiring.stream().noneMatch(r -> r.endsWith("not read since the layout left it")));
        assertEquals(to, shrunk.lastScaling.from);
        assertEquals("1x1", routedLayout(t));
        assertEquals(brokers(to) - 1, shrunk.retiring.size(), String.valueOf(shrunk.retiring));
        assertTrue(shrunk.retiring.get(0).startsWith("ebb-broker-1: 1 producer and 1 consumer connections"),
                shrunk.retiring.get(0));
        assertEquals(brokers(to), (long) statefulSet(t).getSpec().getReplicas());
        Condition retiring = cluster.condition(t, "Retiring").orElseThrow();
        assertEquals("True", retiring.getStatus(), "the condition says what the kept brokers wait for");
        assertTrue(retiring.getMessage().contains("ebb-broker-1: 1 producer and 1 consumer connections"),
                retiring.getMessage());

        // their clients have left: the pods go
        for (int i = 1; i < brokers(to); i++) {
            deserted.add("ebb-broker-" + i + ".ebb-brokers.ebb.svc:61616");
        }
        Awaitility.await().atMost(TestCluster.WAIT).until(() -> statefulSet(t).getSpec().getReplicas() == 1);
        await(t, a -> a.retiring == null);
        cluster.await(t, "Retiring", "False", "NoneHeld");
    }

    @Test
    void recommendModeNeverApplies() {
        PubSubTopology t = deployed("wary", "wary", "{mode: Recommend, window: 1s, inhibitionDelay: 2s}");
        String routedBefore = routing(t).orElseThrow();
        // proposed, then proposed again once each delay is over: never applied
        AutoscalingStatus first = await(t, a -> "Overloaded".equals(a.recommendation.reason));
        await(t, a -> "Overloaded".equals(a.recommendation.reason) && !first.inhibitedUntil.equals(a.inhibitedUntil));
        assertNull(cluster.get(t).getStatus().autoscaling.lastScaling);
        assertNull(cluster.get(t).getStatus().autoscaling.layout);
        assertEquals(1, (long) statefulSet(t).getSpec().getReplicas());
        assertEquals(routedBefore, routing(t).orElseThrow());
        cluster.await(t, "Planned", "True", "Planned");
    }

    @Test
    void aReplanAfterAProfileChangeWaitsForTheInhibition() {
        cluster.namespace("settle");
        profile("settle", 0.001);
        // over what one broker of this profile carries, well within what two do: a proposal, and its inhibition
        load.set(800, 10, 20);
        PubSubTopology t = deployed("settle", "settle", "{mode: Recommend, window: 1s, inhibitionDelay: 3600s}",
                "settle");
        String until = await(t, a -> a.inhibitedUntil != null).inhibitedUntil;

        // a slower profile: the declared workload alone now needs more than one broker, but not before the delay
        profile("settle", 0.012);
        cluster.await(t, "Planned", "True", "Inhibited", "waits until " + until);
        assertTrue(cluster.get(t).getStatus().plan.brokers > 1);
        assertEquals(1, (long) statefulSet(t).getSpec().getReplicas());
        assertEquals("1x1", routedLayout(t));
    }

    /** A profile of its own: one broker carries the declared workload at receiveSeconds 0.001, not at 0.012. */
    void profile(String ns, double receiveSeconds) {
        client.resource(new ManifestReader().add(new StringReader("""
                apiVersion: brokerwise.io/v1alpha1
                kind: BrokerProfile
                metadata: {name: settle, namespace: %s}
                spec:
                  model: Linear
                  parameters: {receiveSeconds: %s, filterSeconds: 4.0e-6, dispatchSeconds: 20.0e-6}
                """.formatted(ns, receiveSeconds)), "test").one(BrokerProfile.class))
                .forceConflicts().serverSideApply();
    }

    @Test
    void brokersThatDoNotAnswerAreNamed() throws Exception {
        PubSubTopology t = deployed("silent", "silent", "{mode: Recommend, window: 1s, inhibitionDelay: 3600s}");
        var incomplete = cluster.await(t, AUTOSCALING, "False", "IncompleteObservation");
        assertTrue(incomplete.getMessage().contains("silent-broker-0.silent-brokers.silent.svc:61616"),
                incomplete.getMessage());
        assertTrue(Optional.ofNullable(cluster.get(t).getStatus().autoscaling).map(a -> a.observed).isEmpty());

        // the operator's metrics count the silent endpoint, and say how old the topology's readings are
        String metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://localhost:" + port + "/q/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
        assertTrue(metrics.lines().anyMatch(l -> l.startsWith("brokerwise_scrape_failing_targets ")
                && Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)) >= 1), metrics);
        assertTrue(metrics.lines().anyMatch(l -> l.startsWith("brokerwise_readings_age_seconds{")
                && l.contains("topology=\"silent/silent\"") && l.contains("purpose=\"autoscaling\"")), metrics);
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

    io.fabric8.kubernetes.api.model.apps.StatefulSet statefulSet(PubSubTopology t) {
        return client.apps().statefulSets().inNamespace(t.getMetadata().getNamespace())
                .withName(t.getMetadata().getName() + "-broker").get();
    }

    RoutingMap routed(PubSubTopology t) {
        return RoutingMapCodec.fromJson(routing(t).orElseThrow());
    }

    String routedLayout(PubSubTopology t) {
        RoutingMap map = routed(t);
        return map.publisherGroups() + "x" + map.subscriberGroups();
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
