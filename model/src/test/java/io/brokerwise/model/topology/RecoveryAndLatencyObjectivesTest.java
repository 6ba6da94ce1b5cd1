package io.brokerwise.model.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.service.LinearModel;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.constraint.RecoveryTime;
import org.junit.jupiter.api.Test;

/** The objectives on recovery time and on the end-to-end quantile, and what a plan says without their terms. */
class RecoveryAndLatencyObjectivesTest {

    /** The half-core Artemis profile's times. */
    private static final ProfileParameters ARTEMIS = ProfileParameters.of(1.16e-5, 2.1e-7, 1.59e-5);
    private static final TopologyMode PSR = new TopologyMode(TopologyMode.Kind.PSR, TopologyMode.FREE, TopologyMode.FREE);
    private final TopologyPlanner planner = new TopologyPlanner();

    /** Few publishers, many subscribers: the workload PSR carries on few brokers, each holding every subscription. */
    private static final Workload MANY_SUBSCRIBERS = Workload.of(8, 200, 4_000, 1, 5);

    private static ServiceTimeProfile profile(ProfileParameters p) {
        return new ServiceTimeProfile("artemis-test", new LinearModel(), p, "test");
    }

    @Test
    void aPsrLayoutWithManySubscribersIsRefusedByRecoveryTimeWhereSpreadingThemPasses() {
        ServiceTimeProfile registering = profile(ARTEMIS.withRegistrationSeconds(2e-3));
        Objectives recovery = Objectives.utilization(0.9).withMaxRecoverySeconds(2);
        Limits limits = Limits.brokers(64);

        Plan psr = planner.plan(MANY_SUBSCRIBERS, registering, recovery, limits, PSR);
        assertFalse(psr.feasible());
        assertEquals(new RecoveryTime(2), psr.binding());
        LayoutEvaluation closest = psr.closest();
        assertEquals(4_000, closest.subscriptionsPerBroker());
        assertEquals(8.0, closest.recoverySeconds(), 1e-9);
        assertTrue(closest.violation().contains("re-registering 4000 subscriptions after a restart takes 8.00 s, more "
                + "than 2.00 s"), closest.violation());

        Plan auto = planner.plan(MANY_SUBSCRIBERS, registering, recovery, limits, TopologyMode.auto());
        LayoutEvaluation spread = auto.chosen().orElseThrow();
        assertTrue(spread.layout().subscriberGroups() >= 4, spread.layout().toString());
        assertTrue(spread.recoverySeconds() <= 2, spread.toString());
        long psrBrokers = planner.plan(MANY_SUBSCRIBERS, registering, Objectives.utilization(0.9), limits,
                TopologyMode.auto()).chosen().orElseThrow().brokers();
        assertTrue(psrBrokers < spread.brokers(), "without the bound fewer brokers do: " + psrBrokers);
        assertEquals(new RecoveryTime(2), auto.binding(), auto.bindingMessage());
    }

    @Test
    void recoveryCountsASelectorPerFilterAndOneSubscriptionForASubscriberWithout() {
        ServiceTimeProfile registering = profile(ARTEMIS.withRegistrationSeconds(1e-3));
        Layout layout = new Layout(1, 4);
        LayoutEvaluation threeFilters = evaluate(Workload.of(2, 10, 100, 3, 2), registering, layout);
        assertEquals(25 * 3, threeFilters.subscriptionsPerBroker());
        assertEquals(0.075, threeFilters.recoverySeconds(), 1e-12);
        LayoutEvaluation noFilters = evaluate(Workload.of(2, 10, 100, 0, 100), registering, layout);
        assertEquals(25, noFilters.subscriptionsPerBroker());
    }

    @Test
    void aProfileWithoutARegistrationTimeChargesNoneAndSaysTheBoundIsNotChecked() {
        Objectives recovery = Objectives.utilization(0.9).withMaxRecoverySeconds(2);
        Plan plan = planner.plan(MANY_SUBSCRIBERS, profile(ARTEMIS), recovery, Limits.brokers(64), PSR);
        assertTrue(plan.feasible(), plan.bindingMessage());
        assertEquals(0, plan.chosen().orElseThrow().recoverySeconds());
        assertTrue(plan.notes().contains("re-registration time is not charged: profile artemis-test has no "
                + "registrationSeconds, so the plan gives no recovery time and objectives.recoveryTime (2.00 s) is not "
                + "checked"), plan.notes().toString());
        Plan charged = planner.plan(MANY_SUBSCRIBERS, profile(ARTEMIS.withRegistrationSeconds(1e-3)), recovery,
                Limits.brokers(64), TopologyMode.auto());
        assertTrue(charged.notes().stream().noneMatch(n -> n.startsWith("re-registration time is not charged")));
        assertTrue(charged.notes().stream().anyMatch(n -> n.startsWith("recovery time: the subscriptions of the busiest "
                + "broker")), charged.notes().toString());
    }

    @Test
    void anEndToEndBoundBelowTheFloorIsMetByNoLayout() {
        ServiceTimeProfile floored = profile(ARTEMIS.withLatency(1.2e-3, 1));
        Objectives bound = Objectives.utilization(0.9).withMaxEndToEndSeconds(1e-3);
        Plan plan = planner.plan(MANY_SUBSCRIBERS, floored, bound, Limits.brokers(64), TopologyMode.auto());
        assertFalse(plan.feasible());
        assertEquals("EndToEndLatency", plan.binding().reason());
        assertTrue(plan.bindingMessage().contains("(latency floor 1.20 ms plus waiting time"), plan.bindingMessage());
    }

    /** The floor takes its share of the bound: the waiting time left must be shorter, which takes more brokers. */
    @Test
    void anEndToEndBoundLeavesTheWaitingTimeWhatTheFloorDoesNotTake() {
        Workload w = Workload.of(50, 400, 1_000, 1, 10);
        Objectives waiting = new Objectives(0.9, 0.99, 2e-3);
        Objectives endToEnd = Objectives.utilization(0.9).withMaxEndToEndSeconds(2e-3);
        ServiceTimeProfile bare = profile(ARTEMIS);
        ServiceTimeProfile floored = profile(ARTEMIS.withLatency(1.5e-3, 1));
        LayoutEvaluation byWaiting = planner.plan(w, bare, waiting, Limits.brokers(256), TopologyMode.auto())
                .chosen().orElseThrow();
        LayoutEvaluation byEndToEnd = planner.plan(w, floored, endToEnd, Limits.brokers(256), TopologyMode.auto())
                .chosen().orElseThrow();
        assertEquals(byWaiting.layout(), planner.plan(w, bare, endToEnd, Limits.brokers(256), TopologyMode.auto())
                .chosen().orElseThrow().layout(), "without a floor the two bounds are one");
        assertTrue(byEndToEnd.brokers() > byWaiting.brokers(), byEndToEnd.layout() + " vs " + byWaiting.layout());
        assertTrue(byEndToEnd.endToEndQuantile() <= 2e-3);
        assertEquals(1.5e-3 + byEndToEnd.waitingQuantile(), byEndToEnd.endToEndQuantile());
    }

    /**
     * A broker whose messages cost 1.5 times more under Poisson arrivals overloads at 2/3 of its saturated capacity:
     * a layout at utilization 0.8 meets the cap but its queue grows without bound, and a waiting-time bound then
     * takes more brokers.
     */
    @Test
    void aPoissonFactorOverloadsABrokerTheSaturatedCapAccepts() {
        Workload w = Workload.of(1, 25_000, 10, 1, 1);
        ServiceTimeProfile poisson = profile(ARTEMIS.withLatency(0, 1.5));
        LayoutEvaluation one = evaluate(w, poisson, new Layout(1, 1));
        assertTrue(one.utilization() > 0.6 && one.utilization() < 0.9, "utilization " + one.utilization());
        assertEquals(Double.POSITIVE_INFINITY, one.waitingQuantile());
        assertEquals(Double.POSITIVE_INFINITY, one.endToEndQuantile());
        assertTrue(evaluate(w, profile(ARTEMIS), new Layout(1, 1)).waitingQuantile() < 1e-3);
        Plan bounded = planner.plan(w, poisson, new Objectives(0.9, 0.99, 5e-3), Limits.brokers(16), TopologyMode.auto());
        assertTrue(bounded.chosen().orElseThrow().brokers() > 1);
        assertTrue(bounded.notes().stream().anyMatch(n -> n.startsWith("waiting times are for Poisson arrivals: profile "
                + "artemis-test charges 1.50 times the saturated E[B]")), bounded.notes().toString());
    }

    @Test
    void aProfileWithoutFloorOrFactorSaysTheLatencyIsTheQueuesAlone() {
        Plan plan = planner.plan(MANY_SUBSCRIBERS, profile(ARTEMIS), Objectives.utilization(0.9), Limits.brokers(64),
                TopologyMode.auto());
        assertTrue(plan.notes().contains("latency outside the M/GI/1 queue is not charged: profile artemis-test has no "
                + "latencyFloorSeconds and no poissonServiceFactor, so the end-to-end quantile is the waiting time alone "
                + "on the saturated service time, which brokers measured at Poisson load exceed (docs/models.md sec. 3)"),
                plan.notes().toString());
        Plan both = planner.plan(MANY_SUBSCRIBERS, profile(ARTEMIS.withLatency(1e-3, 1.2)), Objectives.utilization(0.9),
                Limits.brokers(64), TopologyMode.auto());
        assertTrue(both.notes().stream().noneMatch(n -> n.startsWith("latency outside")), both.notes().toString());
    }

    private static LayoutEvaluation evaluate(Workload w, ServiceTimeProfile p, Layout layout) {
        return new TopologyEvaluator(w, p, Objectives.utilization(0.9), Limits.brokers(1024)).evaluate(layout);
    }
}
