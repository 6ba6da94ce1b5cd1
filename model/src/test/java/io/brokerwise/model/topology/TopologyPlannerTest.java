package io.brokerwise.model.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.replication.ReplicationGradeDistribution;
import io.brokerwise.model.service.BuiltInProfiles;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.constraint.MaxBrokers;
import io.brokerwise.model.topology.constraint.Utilization;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TopologyPlannerTest {

    private final ServiceTimeProfile fioranoCorrelationId = BuiltInProfiles.find("henjes-fioranomq", "CorrelationId").orElseThrow();
    private final TopologyPlanner planner = new TopologyPlanner();

    /**
     * Eq. 5.50 (sec. 5.3.3, correlation ID filters, n_fltr = 10, E[R] = 1, rho = 0.9): PSR with one
     * broker per publisher beats SSR's eq. 5.49 exactly when n exceeds the break-even.
     */
    @ParameterizedTest
    @ValueSource(longs = {10, 100, 1000, 10_000})
    void psrBeatsSsrExactlyAboveTheBreakEvenOfEq550(long m) {
        double t = 8.52e-7;
        double tf = 7.02e-6;
        double tx = 1.70e-5;
        double breakEven = (t + m * 10 * tf + tx) / (t + 10 * tf + tx);
        long below = (long) Math.floor(breakEven);
        long above = below + 1;
        CapacitySweep sweep = new CapacitySweep(fioranoCorrelationId, Objectives.utilization(0.9), Limits.brokers(100_000));
        CapacitySweep.Point low = sweep.point(below, Workload.of(below, 1, m, 10, 1));
        CapacitySweep.Point high = sweep.point(above, Workload.of(above, 1, m, 10, 1));
        assertTrue(low.psr() <= low.ssrEq549(), "n=" + below + " below break-even " + breakEven);
        assertTrue(high.psr() > high.ssrEq549(), "n=" + above + " above break-even " + breakEven);
        assertEquals(0.9 * below / (t + m * 10 * tf + tx), low.psr(), low.psr() * 1e-12, "eq. 5.48");
    }

    @Test
    void fixedModeEvaluatesExactlyThatLayoutAndShowsWhatAutoWouldPick() {
        Workload w = Workload.of(100, 10, 200, 2, 5);
        Plan plan = planner.plan(w, fioranoCorrelationId, Objectives.utilization(0.9), Limits.brokers(64),
                new TopologyMode(TopologyMode.Kind.GRID, 4, 4));
        LayoutEvaluation chosen = plan.chosen().orElseThrow();
        assertEquals(new Layout(4, 4), chosen.layout());
        assertEquals(TopologyKind.GRID, chosen.layout().kind());
        assertTrue(plan.alternatives().stream().anyMatch(a -> a.evaluation().brokers() < 16 && a.evaluation().feasible()));
    }

    @Test
    void tooFewBrokersNamesTheBrokerLimitAndHowManyAreNeeded() {
        Workload w = Workload.of(1000, 100, 100, 1, 1);
        Plan plan = planner.plan(w, fioranoCorrelationId, Objectives.utilization(0.9), Limits.brokers(4), TopologyMode.auto());
        assertFalse(plan.feasible());
        assertEquals(new MaxBrokers(4), plan.binding());
        assertTrue(plan.brokersNeeded() > 4);
        assertTrue(plan.bindingMessage().contains("at most 4 available"), plan.bindingMessage());
    }

    @Test
    void aSinglePublisherFasterThanAnyBrokerIsBoundByUtilization() {
        Workload w = Workload.of(1, 1_000_000, 10, 1, 1);
        Plan plan = planner.plan(w, fioranoCorrelationId, Objectives.utilization(0.9), Limits.brokers(64), TopologyMode.auto());
        assertFalse(plan.feasible());
        assertEquals(new Utilization(0.9), plan.binding());
        assertTrue(plan.bindingMessage().contains("utilization"), plan.bindingMessage());
    }

    @Test
    void waitingTimeBoundCanRequireMoreBrokersThanUtilization() {
        Workload w = new Workload(50, 40, 1000, 1, 1, 10, ReplicationGradeDistribution.BINOMIAL, Double.NaN);
        Objectives loose = Objectives.utilization(0.9);
        Objectives tight = new Objectives(0.9, 0.9999, 0.002);
        long byUtilization = planner.plan(w, fioranoCorrelationId, loose, Limits.brokers(256), TopologyMode.auto())
                .chosen().orElseThrow().brokers();
        LayoutEvaluation byLatency = planner.plan(w, fioranoCorrelationId, tight, Limits.brokers(256), TopologyMode.auto())
                .chosen().orElseThrow();
        assertTrue(byLatency.brokers() > byUtilization);
        assertTrue(byLatency.waitingQuantile() <= 0.002);
    }

    /** Per-byte times make larger messages cost CPU; without them the plan holds for any size and says so. */
    @Test
    void perByteTimesMakeLargerMessagesNeedMoreBrokers() {
        ServiceTimeProfile sized = new ServiceTimeProfile("sized", new io.brokerwise.model.service.LinearModel(),
                io.brokerwise.model.service.ProfileParameters.of(6e-6, 7e-8, 4e-6).withSecondsPerByte(3e-10, 1.5e-10), "test");
        Workload small = Workload.of(100, 400, 400, 1, 4).withMessageSize(128);
        Workload large = small.withMessageSize(65_536);
        Limits limits = Limits.brokers(256);
        long smallBrokers = planner.plan(small, sized, Objectives.utilization(0.8), limits, TopologyMode.auto())
                .chosen().orElseThrow().brokers();
        Plan largePlan = planner.plan(large, sized, Objectives.utilization(0.8), limits, TopologyMode.auto());
        assertTrue(largePlan.chosen().orElseThrow().brokers() > smallBrokers);
        assertTrue(largePlan.notes().stream().noneMatch(n -> n.startsWith("message size")), largePlan.notes().toString());
        Plan unsized = planner.plan(large, fioranoCorrelationId, Objectives.utilization(0.8), limits, TopologyMode.auto());
        assertTrue(unsized.notes().stream().anyMatch(n -> n.startsWith("message size (65536 B) is not charged")));
    }

    @Test
    void everyAlternativeSaysWhyItLost() {
        Workload w = Workload.of(400, 50, 400, 2, 4);
        Plan plan = planner.plan(w, fioranoCorrelationId, Objectives.utilization(0.8), Limits.brokers(1024), TopologyMode.auto());
        assertTrue(plan.feasible());
        assertFalse(plan.alternatives().isEmpty());
        plan.alternatives().forEach(a -> assertTrue(a.reason() != null && !a.reason().isBlank()));
        assertTrue(plan.alternatives().stream().anyMatch(a -> a.evaluation().layout().kind() == TopologyKind.PSR));
        assertTrue(plan.alternatives().stream().anyMatch(a -> a.evaluation().layout().kind() == TopologyKind.SSR));
    }
}
