package io.brokerwise.operator.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.AutoscalingStatus;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologyStatus;
import io.brokerwise.api.v1alpha1.ScalingStatus;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.operator.layout.Conditions;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.operator.layout.TopologyPlanning;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The decision of a topology's pass, without an API server: planning fed with nodes built here, the clock fixed.
 * Each test says which condition a user reads and which layout is deployed.
 */
class LayoutDecisionTest {

    private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");
    private static final Layout RUNNING = new Layout(1, 1);
    private final LayoutDecision decision = new LayoutDecision(Clock.fixed(NOW, ZoneOffset.UTC));
    private final TopologyPlanning planning = new TopologyPlanning();

    @Test
    void aValidFeasiblePlanIsDeployedAndSaysWhy() {
        PubSubTopology topology = topology("");
        var decided = decide(topology, nodes(16), Optional.empty());
        Layout plan = plan(topology);
        assertEquals(Optional.of(plan), decided.deploy());
        assertVerdict(decided, Conditions.VALID, true, "Valid");
        assertVerdict(decided, Conditions.PLANNED, true, "Planned");
        assertTrue(verdict(decided, Conditions.PLANNED).message().startsWith("plan " + plan + ": cheapest feasible"));
        assertTrue(decided.reported().isPresent());
        assertEquals(Optional.empty(), decided.inhibitFrom());
    }

    @Test
    void anUnknownProfileIsInvalidAndWhatRunsStays() {
        var decided = decide(topology("  profileRef: {name: no-such-profile}\n"), nodes(16), Optional.of(RUNNING));
        assertEquals(Optional.of(RUNNING), decided.deploy());
        assertVerdict(decided, Conditions.VALID, false, "ProfileNotFound");
        assertVerdict(decided, Conditions.PLANNED, false, "ProfileNotFound");
        String message = verdict(decided, Conditions.VALID).message();
        assertTrue(message.contains("no BrokerProfile named 'no-such-profile'"), message);
        assertTrue(decided.reported().isEmpty());
    }

    @Test
    void withoutDedicatedNodesNothingIsDeployedAndTheStatusShowsWhatWouldBeNeeded() {
        var decided = decide(topology(""), List.of(), Optional.empty());
        assertEquals(Optional.empty(), decided.deploy());
        assertVerdict(decided, Conditions.VALID, true, "Valid");
        assertVerdict(decided, Conditions.PLANNED, false, "NoDedicatedNodes");
        assertTrue(verdict(decided, Conditions.PLANNED).message().contains("no Ready, schedulable node matches"));
        assertTrue(decided.reported().orElseThrow().plan().feasible(), "what the workload needs, with nodes");
    }

    @Test
    void moreBrokersThanDedicatedNodesIsInfeasibleAndDeploysNothingNew() {
        PubSubTopology topology = topology("");
        assertTrue(plan(topology).brokers() > 1, "the workload needs more brokers than one node carries");
        var decided = decide(topology, nodes(1), Optional.of(RUNNING));
        assertEquals(Optional.of(RUNNING), decided.deploy());
        assertEquals("False", verdict(decided, Conditions.PLANNED).value());
        assertTrue(verdict(decided, Conditions.PLANNED).message().endsWith("(1 dedicated nodes match)"),
                verdict(decided, Conditions.PLANNED).message());
    }

    @Test
    void manualApprovalHoldsAChangedPlanUntilAnnotated() {
        PubSubTopology manual = editedSpec(topology("  approval: Manual\n"));
        var held = decide(manual, nodes(16), Optional.of(RUNNING));
        assertEquals(Optional.of(RUNNING), held.deploy());
        assertVerdict(held, Conditions.PLANNED, true, "AwaitingApproval");
        assertTrue(verdict(held, Conditions.PLANNED).message().contains("kubectl annotate pubsubtopology t "
                + Names.APPROVE_ANNOTATION + "=true"));

        manual.getMetadata().setAnnotations(Map.of(Names.APPROVE_ANNOTATION, "true"));
        assertEquals(Optional.of(plan(manual)), decide(manual, nodes(16), Optional.of(RUNNING)).deploy());
    }

    @Test
    void manualApprovalAsksNothingWhenThePlanIsWhatRuns() {
        PubSubTopology manual = editedSpec(topology("  approval: Manual\n"));
        Layout plan = plan(manual);
        var decided = decide(manual, nodes(16), Optional.of(plan));
        assertEquals(Optional.of(plan), decided.deploy());
        assertVerdict(decided, Conditions.PLANNED, true, "Planned");
    }

    @Test
    void aReplanTheUserDidNotAskForWaitsForTheInhibitionAndLooksAgainWhenItEnds() {
        PubSubTopology topology = unchangedSpec(topology(autoscaling("Recommend")));
        PubSubTopologyStatus status = inhibitedUntil(NOW.plusSeconds(90));
        var decided = decide(topology, status, nodes(16), Optional.of(RUNNING));
        assertEquals(Optional.of(RUNNING), decided.deploy());
        assertVerdict(decided, Conditions.PLANNED, true, "Inhibited");
        assertEquals(Optional.of(Duration.ofSeconds(90)), decided.lookAgainIn());
        assertEquals(Optional.empty(), decided.inhibitFrom());
    }

    @Test
    void aReplanAfterTheInhibitionAppliesAndStartsOneOfItsOwn() {
        PubSubTopology topology = unchangedSpec(topology(autoscaling("Recommend")));
        PubSubTopologyStatus status = inhibitedUntil(NOW.minusSeconds(1));
        var decided = decide(topology, status, nodes(16), Optional.of(RUNNING));
        assertEquals(Optional.of(plan(topology)), decided.deploy());
        assertEquals(Optional.of(NOW), decided.inhibitFrom());
    }

    @Test
    void aReplanWithAutoscalingOffNeitherWaitsNorInhibits() {
        PubSubTopology topology = unchangedSpec(topology(""));
        var decided = decide(topology, nodes(16), Optional.of(RUNNING));
        assertEquals(Optional.of(plan(topology)), decided.deploy());
        assertEquals(Optional.empty(), decided.inhibitFrom());
    }

    @Test
    void anEditedSpecAppliesAtOnceEvenDuringAnInhibition() {
        PubSubTopology topology = editedSpec(topology(autoscaling("Recommend")));
        PubSubTopologyStatus status = inhibitedUntil(NOW.plusSeconds(90));
        assertTrue(LayoutDecision.specEdited(topology));
        var decided = decide(topology, status, nodes(16), Optional.of(RUNNING));
        assertEquals(Optional.of(plan(topology)), decided.deploy());
        assertEquals(Optional.empty(), decided.inhibitFrom());
    }

    @Test
    void modeAutoDeploysTheLayoutItHoldsInPlaceOfThePlanAndRecommendDoesNot() {
        PubSubTopologyStatus status = new PubSubTopologyStatus();
        status.autoscaling = new AutoscalingStatus();
        status.autoscaling.layout = "3x1";
        status.autoscaling.lastScaling = new ScalingStatus();
        status.autoscaling.lastScaling.reason = "Overloaded";
        PubSubTopology auto = unchangedSpec(topology(autoscaling("Auto")));
        assertNotEquals(new Layout(3, 1), plan(auto));
        var decided = decide(auto, status, nodes(16), Optional.of(RUNNING));
        assertEquals(Optional.of(new Layout(3, 1)), decided.deploy());
        assertVerdict(decided, Conditions.PLANNED, true, "Autoscaled");
        assertTrue(verdict(decided, Conditions.PLANNED).message().contains("(Overloaded)"));

        PubSubTopology recommend = editedSpec(topology(autoscaling("Recommend")));
        assertEquals(Optional.of(plan(recommend)), decide(recommend, status, nodes(16), Optional.of(RUNNING)).deploy());
    }

    private static PubSubTopologyStatus inhibitedUntil(Instant until) {
        PubSubTopologyStatus status = new PubSubTopologyStatus();
        status.autoscaling = new AutoscalingStatus();
        status.autoscaling.inhibitedUntil = until.toString();
        return status;
    }

    private LayoutDecision.Decision decide(PubSubTopology topology, List<Node> nodes, Optional<Layout> running) {
        return decide(topology, new PubSubTopologyStatus(), nodes, running);
    }

    private LayoutDecision.Decision decide(PubSubTopology topology, PubSubTopologyStatus status, List<Node> nodes,
                                           Optional<Layout> running) {
        return decision.decide(new LayoutDecision.Inputs(topology, status, planning.plan(topology, nodes, List.of()),
                running));
    }

    private Layout plan(PubSubTopology topology) {
        var planned = (TopologyPlanning.Planned) planning.plan(topology, nodes(16), List.of());
        return planned.plan().chosen().orElseThrow().layout();
    }

    private static void assertVerdict(LayoutDecision.Decision decided, String type, boolean value, String reason) {
        Conditions.Verdict v = verdict(decided, type);
        assertEquals(new Conditions.Verdict(type, value, reason, v.message()), v);
    }

    private static Conditions.Verdict verdict(LayoutDecision.Decision decided, String type) {
        return decided.verdicts().stream().filter(v -> v.type().equals(type)).findFirst().orElseThrow();
    }

    /**
     * A wiped status while a layout runs: what runs stays, mode Auto holds it as its own, and with autoscaling on no
     * change comes before the delay; the plan waits for the next change of the spec.
     */
    @Test
    void aLostStatusKeepsWhatRunsAndModeAutoHoldsIt() {
        PubSubTopology auto = topology(autoscaling("Auto"));
        assertTrue(LayoutDecision.statusLost(auto));
        assertNotEquals(RUNNING, plan(auto));
        var decided = decide(auto, nodes(16), Optional.of(RUNNING));
        assertEquals(Optional.of(RUNNING), decided.deploy());
        assertVerdict(decided, Conditions.PLANNED, true, "StatusRestored");
        assertEquals(Optional.of(RUNNING), decided.hold());
        assertEquals(Optional.of(NOW), decided.inhibitFrom());

        var off = decide(topology(""), nodes(16), Optional.of(RUNNING));
        assertEquals(Optional.of(RUNNING), off.deploy());
        assertEquals(Optional.empty(), off.hold());
        assertEquals(Optional.empty(), off.inhibitFrom());

        assertEquals(Optional.of(plan(auto)), decide(auto, nodes(16), Optional.empty()).deploy(), "a first deployment");
    }

    /** A spec changed since the last pass: its status observed an earlier generation. */
    private static PubSubTopology editedSpec(PubSubTopology topology) {
        topology.getMetadata().setGeneration(3L);
        topology.setStatus(new PubSubTopologyStatus());
        topology.getStatus().observedGeneration = 2L;
        return topology;
    }

    /** The same spec as the last pass saw: its status observed this generation. */
    private static PubSubTopology unchangedSpec(PubSubTopology topology) {
        topology.getMetadata().setGeneration(3L);
        topology.setStatus(new PubSubTopologyStatus());
        topology.getStatus().observedGeneration = 3L;
        return topology;
    }

    /**
     * Under approval: Manual, with the topic's plan running: a queue whose k differs from the one that runs waits for
     * approval and the brokers keep theirs; a queue whose k mode Auto holds does not wait, since autoscaling's changes
     * need no approval; and an approval applies the plan's.
     */
    @Test
    void aChangeOfTheQueuesWaitsForApprovalUnlessAutoscalingMadeIt() {
        String queues = "  approval: Manual\n  queues: [{name: work, producers: 4, messageRatePerProducer: 10, "
                + "consumers: 4}]\n";
        PubSubTopology manual = topology(queues);
        Layout plan = plan(manual);
        PubSubTopologyStatus seen = new PubSubTopologyStatus();
        seen.observedGeneration = 1L;
        manual.setStatus(seen);
        var waiting = decision.decide(new LayoutDecision.Inputs(manual, seen,
                planning.plan(manual, nodes(16), List.of()), Optional.of(plan), Map.of("work", 2)));
        assertTrue(waiting.queuesHeld());
        assertVerdict(waiting, Conditions.PLANNED, true, "AwaitingApproval");
        assertTrue(verdict(waiting, Conditions.PLANNED).message().startsWith("queues work on 1 wait for approval, "
                + "work on 2 run meanwhile"), verdict(waiting, Conditions.PLANNED).message());
        assertEquals(Optional.of(plan), waiting.deploy());

        PubSubTopology autoscaled = topology(queues + autoscaling("Auto"));
        PubSubTopologyStatus held = new PubSubTopologyStatus();
        held.observedGeneration = 1L;
        autoscaled.setStatus(held);
        held.autoscaling = new AutoscalingStatus();
        var work = new io.brokerwise.api.v1alpha1.QueueAutoscalingStatus();
        work.name = "work";
        work.replicas = 3;
        held.autoscaling.queues = List.of(work);
        var applied = decision.decide(new LayoutDecision.Inputs(autoscaled, held,
                planning.plan(autoscaled, nodes(16), List.of()), Optional.of(plan), Map.of("work", 2)));
        assertFalse(applied.queuesHeld(), "the k autoscaling holds needs no approval");

        manual.getMetadata().setAnnotations(Map.of("brokerwise.io/approve", "true"));
        var approved = decision.decide(new LayoutDecision.Inputs(manual, seen,
                planning.plan(manual, nodes(16), List.of()), Optional.of(plan), Map.of("work", 2)));
        assertFalse(approved.queuesHeld());
    }

    private static String autoscaling(String mode) {
        return "  autoscaling: {mode: " + mode + ", window: 60s, inhibitionDelay: 300s}\n";
    }

    /** examples/minimal-topology.yaml at ten times its rate (PSR 6x1 on 16 nodes), with more of the spec. */
    private static PubSubTopology topology(String moreSpec) {
        return Serialization.unmarshal("""
                apiVersion: brokerwise.io/v1alpha1
                kind: PubSubTopology
                metadata: {name: t, namespace: ns, generation: 1}
                spec:
                  workload:
                    publishers: 100
                    messageRatePerPublisher: 200
                    subscribers: 400
                    filtersPerSubscriber: 2
                    replicationGrade: {mean: 4}
                """ + moreSpec, PubSubTopology.class);
    }

    /** Ready nodes labelled and tainted for brokers, as the default placement selects. */
    private static List<Node> nodes(int n) {
        return IntStream.range(0, n).mapToObj(i -> new NodeBuilder().withNewMetadata().withName("node-" + i)
                        .withLabels(Map.of("brokerwise.io/broker-node", "true")).endMetadata()
                        .withNewSpec().addNewTaint().withKey("brokerwise.io/broker-node").withValue("true")
                        .withEffect("NoSchedule").endTaint().endSpec()
                        .withNewStatus().addNewCondition().withType("Ready").withStatus("True").endCondition()
                        .endStatus().build())
                .toList();
    }
}
