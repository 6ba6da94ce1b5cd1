package io.brokerwise.model.replicatedqueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.queue.GammaApproximation;
import io.brokerwise.model.queue.MG1Queue;
import io.brokerwise.model.service.FilterLengthModel;
import io.brokerwise.model.service.LinearModel;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTime;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.model.topology.Objectives;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Plans worked out by hand on a Linear profile of t_rcv = 10 us, t_fltr = 1 us, t_tx = 10 us: a replica's message
 * costs 20 us plus 1 us per consumer selector there.
 */
class ReplicatedQueuePlannerTest {

    static final ServiceTimeProfile PROFILE = new ServiceTimeProfile("hand", new LinearModel(),
            ProfileParameters.of(10e-6, 1e-6, 10e-6), "test");
    static final double FAST = QueueWorkload.AS_FAST_AS_THEY_CAN;

    private final ReplicatedQueuePlanner planner = new ReplicatedQueuePlanner();

    static QueueWorkload queue(long producers, double rate, long consumers, double consumerRate, int selectorComponents) {
        return new QueueWorkload("orders", producers, rate, consumers, consumerRate, selectorComponents, Double.NaN, 1024);
    }

    /**
     * 120 producers x 900 msgs/s = 108,000 msgs/s at E[B] = 20 us: k = ceil(108,000 x 20 us / 0.8) = ceil(2.7) = 3.
     * Each replica: 40 producers, 36,000 msgs/s, capacity 50,000 msgs/s, utilization 0.72, and as E[B] is
     * deterministic, E[W] = rho E[B] / (2 (1 - rho)) = 0.72 x 20 us / 0.56 = 25.71 us (M/D/1).
     */
    @Test
    void onlyUtilizationBindsSoKIsTheOfferedWorkOverTheCap() {
        ReplicatedQueuePlan plan = planner.plan(queue(120, 900, 120, FAST, 0), PROFILE, Objectives.utilization(0.8),
                Limits.brokers(64));
        assertTrue(plan.feasible(), plan.reason());
        assertEquals(3, plan.replicas());
        ReplicaLoad r = plan.replica().orElseThrow();
        assertEquals(40, r.producers());
        assertEquals(40, r.consumers());
        assertEquals(36_000, r.arrivalRate(), 1e-9);
        assertEquals(50_000, r.capacity(), 1e-6);
        assertEquals(0.72, r.utilization(), 1e-12);
        assertEquals(0.72 * 20e-6 / (2 * 0.28), r.waitingMean(), 1e-15);
        assertEquals(0, r.serviceTime().coefficientOfVariation(), 1e-6);
        assertEquals("fewest replicas meeting the objectives; 2: utilization 1.080 exceeds the cap 0.800", plan.reason());
    }

    /**
     * 60 consumers with one-term selectors: a replica evaluates ceil(60/k) of them. k = 4: 30 producers x 900 =
     * 27,000 msgs/s at 20 + 15 = 35 us, utilization 0.945; k = 5: 21,600 msgs/s at 20 + 12 = 32 us, 0.6912.
     */
    @Test
    void consumerSelectorsAtAReplicaAreChargedPerMessage() {
        ReplicatedQueuePlan plan = planner.plan(queue(120, 900, 60, FAST, 1), PROFILE, Objectives.utilization(0.8),
                Limits.brokers(64));
        assertEquals(5, plan.replicas());
        ReplicaLoad r = plan.replica().orElseThrow();
        assertEquals(12, r.consumers());
        assertEquals(32e-6, r.serviceTime().mean(), 1e-15);
        assertEquals(21_600, r.arrivalRate(), 1e-9);
        assertEquals(0.6912, r.utilization(), 1e-12);
        assertEquals(31_250, r.capacity(), 1e-6);
        assertTrue(plan.reason().endsWith("4: utilization 0.945 exceeds the cap 0.800"), plan.reason());
    }

    /** A bound on the 99% wait takes more replicas than the cap alone; the figures are the M/GI/1 queue's. */
    @Test
    void aWaitingTimeBoundTakesMoreReplicasAndItsQuantileIsTheGammaApproximations() {
        QueueWorkload q = queue(120, 900, 120, FAST, 0);
        ReplicatedQueuePlan capOnly = planner.plan(q, PROFILE, Objectives.utilization(0.8), Limits.brokers(64));
        ReplicatedQueuePlan bounded = planner.plan(q, PROFILE, new Objectives(0.8, 0.99, 30e-6), Limits.brokers(64));
        assertTrue(bounded.replicas() > capOnly.replicas(), bounded.reason());
        ReplicaLoad r = bounded.replica().orElseThrow();
        GammaApproximation w = GammaApproximation.of(new MG1Queue(r.arrivalRate(), ServiceTime.deterministic(20e-6)));
        assertEquals(w.quantile(0.99), r.waitingQuantile(), 1e-15);
        assertEquals(0.99, r.waitingQuantileLevel());
        assertTrue(r.waitingQuantile() <= 30e-6);
        assertTrue(bounded.reason().contains("99% waiting-time quantile"), bounded.reason());
    }

    @Test
    void noConsumersDeploysNothingAndSaysWhy() {
        ReplicatedQueuePlan plan = planner.plan(queue(10, 100, 0, FAST, 0), PROFILE, Objectives.utilization(0.8),
                Limits.brokers(64));
        assertFalse(plan.feasible());
        assertEquals(0, plan.replicas());
        assertTrue(plan.replica().isEmpty());
        assertTrue(plan.reason().startsWith("no consumers"), plan.reason());
    }

    @Test
    void consumersSlowerThanTheProducersRuleOutEveryK() {
        ReplicatedQueuePlan plan = planner.plan(queue(10, 100, 20, 40, 0), PROFILE, Objectives.utilization(0.8),
                Limits.brokers(64));
        assertFalse(plan.feasible());
        assertTrue(plan.replica().isEmpty());
        assertEquals("consumers take 800 msgs/s in all, producers send 1,000 msgs/s: add consumers or make them faster",
                plan.reason());
    }

    /** Consumers exactly as fast as the producers keep the queue from growing only on average: refused too. */
    @Test
    void consumersExactlyAsFastAsTheProducersAreNotEnough() {
        assertFalse(planner.plan(queue(10, 100, 20, 50, 0), PROFILE, Objectives.utilization(0.8), Limits.brokers(64))
                .feasible());
        assertTrue(planner.plan(queue(10, 100, 20, 50.5, 0), PROFILE, Objectives.utilization(0.8), Limits.brokers(64))
                .feasible());
    }

    @Test
    void tooFewBrokersSayHowManyReplicasItNeedsAndShowTheMostAvailable() {
        ReplicatedQueuePlan plan = planner.plan(queue(120, 900, 120, FAST, 0), PROFILE, Objectives.utilization(0.8),
                Limits.brokers(2));
        assertFalse(plan.feasible());
        assertEquals(0, plan.replicas());
        assertEquals("needs 3 replicas, at most 2 available", plan.reason());
        assertEquals(2, plan.replica().orElseThrow().replicas());
        assertEquals(1.08, plan.replica().orElseThrow().utilization(), 1e-12);
    }

    /** 3 replicas are needed but 2 consumers can serve only 2 without leaving one replica to flood. */
    @Test
    void noMoreReplicasThanConsumers() {
        ReplicatedQueuePlan plan = planner.plan(queue(120, 900, 2, FAST, 0), PROFILE, Objectives.utilization(0.8),
                Limits.brokers(64));
        assertFalse(plan.feasible());
        assertTrue(plan.reason().startsWith("more replicas than its 2 consumers"), plan.reason());
        assertTrue(plan.reason().endsWith("add consumers"), plan.reason());
        assertEquals(2, plan.replica().orElseThrow().replicas());
    }

    /** One producer at 60,000 msgs/s loads any replica it joins to 1.2: no k helps. */
    @Test
    void aProducerTooFastForOneReplicaCannotBeHelpedByMore() {
        ReplicatedQueuePlan plan = planner.plan(queue(1, 60_000, 4, FAST, 0), PROFILE, Objectives.utilization(0.8),
                Limits.brokers(64));
        assertFalse(plan.feasible());
        assertTrue(plan.reason().startsWith("no number of replicas meets the objectives"), plan.reason());
        assertTrue(plan.reason().contains("utilization 1.200 exceeds the cap 0.800"), plan.reason());
    }

    /**
     * The profile's per-byte times and Poisson-arrivals factor reach a replica as they reach a topic's broker: 4 KB
     * at 1 ns a byte each way add 8.192 us to E[B]; waiting is on 1.5 E[B], utilization on E[B].
     */
    @Test
    void messageSizeAndPoissonArrivalsAreChargedAsForATopic() {
        ServiceTimeProfile sized = new ServiceTimeProfile("sized", new LinearModel(),
                ProfileParameters.of(10e-6, 1e-6, 10e-6).withSecondsPerByte(1e-9, 1e-9).withLatency(0, 1.5), "test");
        QueueWorkload q = new QueueWorkload("orders", 10, 1000, 10, FAST, 0, Double.NaN, 4096);
        ReplicaLoad r = planner.plan(q, sized, Objectives.utilization(0.8), Limits.brokers(64)).replica().orElseThrow();
        assertEquals(1, r.replicas());
        double eb = 20e-6 + 2 * 4096e-9;
        assertEquals(eb, r.serviceTime().mean(), 1e-15);
        assertEquals(10_000 * eb, r.utilization(), 1e-12);
        double rho = 1.5 * 10_000 * eb;
        assertEquals(rho * 1.5 * eb / (2 * (1 - rho)), r.waitingMean(), 1e-15);
    }

    /** Selectors are charged in full, and a model that ignores their components says so, as a topic's plan does. */
    @Test
    void theNotesSayWhatTheSelectorsCostAndWhatTheProfileLeavesOut() {
        QueueWorkload q = queue(10, 100, 20, FAST, 3);
        List<String> linear = planner.plan(q, PROFILE, Objectives.utilization(0.8), Limits.brokers(64)).notes();
        assertEquals(3, linear.size(), linear.toString());
        assertTrue(linear.get(0).contains("an upper bound"), linear.get(0));
        assertTrue(linear.get(1).startsWith("selector components (3) are not charged by model Linear"), linear.get(1));
        assertTrue(linear.get(2).startsWith("message size (1024 B) is not charged"), linear.get(2));
        ServiceTimeProfile filterLength = new ServiceTimeProfile("fl", new FilterLengthModel(),
                ProfileParameters.of(10e-6, 1e-6, 10e-6).withSecondsPerByte(1e-9, 1e-9), "test");
        ReplicatedQueuePlan plan = planner.plan(q, filterLength, Objectives.utilization(0.8), Limits.brokers(64));
        assertEquals(1, plan.notes().size(), plan.notes().toString());
        // 20 selectors of 3 terms at 1 us each, beside 20 us and 2 x 1,024 ns
        assertEquals(20e-6 + 60e-6 + 2 * 1024e-9, plan.replica().orElseThrow().serviceTime().mean(), 1e-15);
        assertTrue(planner.plan(queue(10, 100, 20, FAST, 0), filterLength, Objectives.utilization(0.8),
                Limits.brokers(64)).notes().isEmpty());
    }
}
