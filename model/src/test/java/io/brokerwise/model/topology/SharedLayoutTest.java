package io.brokerwise.model.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.queue.GammaApproximation;
import io.brokerwise.model.queue.MG1Queue;
import io.brokerwise.model.replication.ReplicationGradeDistribution;
import io.brokerwise.model.service.BuiltInProfiles;
import io.brokerwise.model.service.ServiceTime;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.service.TopicCost;
import io.brokerwise.model.topology.constraint.WaitingTime;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Several topics on one layout (docs/models.md sec. 12), on the half-core Artemis profile. */
class SharedLayoutTest {

    private final ServiceTimeProfile profile = BuiltInProfiles.find("artemis-2.56-halfcore-nonpersistent",
            BuiltInProfiles.APPLICATION_PROPERTY).orElseThrow();
    private final TopologyPlanner planner = new TopologyPlanner();
    private final Objectives objectives = Objectives.utilization(0.9);

    /**
     * Twenty topics of 60 publishers at 400 msgs/s and 10 subscribers (one filter each, E[R] = 2): alone, each
     * loads one broker to 1.09, so each needs two. Shared, the layout needs fewer brokers than the forty apart.
     */
    @Test
    void twentyTopicsThatEachNeedTwoBrokersNeedFewerShared() {
        List<Topic> topics = IntStream.range(0, 20)
                .mapToObj(i -> Topic.of("t" + i, Workload.of(60, 400, 10, 1, 2))).toList();
        topics.forEach(t -> assertTrue(brokersAlone(t) >= 2, t.name() + " alone"));
        long apart = topics.stream().mapToLong(this::brokersAlone).sum();
        Plan shared = planner.plan(topics, profile, objectives, Limits.brokers(1024), TopologyMode.auto());
        LayoutEvaluation chosen = shared.chosen().orElseThrow();
        System.out.printf("20 topics: %d brokers shared (%s), %d apart, x%.2f%n", chosen.brokers(), chosen.layout(),
                apart, (double) chosen.brokers() / apart);
        assertTrue(chosen.brokers() < apart, chosen.brokers() + " shared, " + apart + " apart");
        assertTrue(shared.notes().stream().anyMatch(n -> n.contains("planned apart") && n.contains(" " + apart)),
                String.join("\n", shared.notes()));
        assertEquals(20, chosen.shares().size());
        assertEquals(chosen.utilization(), chosen.shares().stream().mapToDouble(DestinationShare::utilization).sum(),
                1e-12, "the shares add up to the broker's utilization");
    }

    /**
     * A topic that alone loads one broker to 0.75 beside a queue whose busiest replica loads its broker to 0.3: the
     * broker carrying both would be over the cap, so the plan takes a second row, and its utilization, capacity and
     * shares count the queue's replica.
     */
    @Test
    void aQueuesReplicaAddsItsLoadToTheBrokerItSharesWithTheTopics() {
        Topic prices = Topic.of("prices", Workload.of(10, 1600, 10, 1, 2));
        Plan alone = planner.plan(List.of(prices), profile, objectives, Limits.brokers(16), TopologyMode.auto());
        LayoutEvaluation one = alone.chosen().orElseThrow();
        double serviceSeconds = 0.3 / 1000;
        QueueOnLayout orders = new QueueOnLayout("orders", 1000, ServiceTime.deterministic(serviceSeconds), 12, 1024);
        assertTrue(one.utilization() <= 0.9 && one.utilization() + 0.3 > 0.9,
                "the case needs the topic alone under the cap and with the queue over it: " + one.utilization());
        Plan withQueue = planner.plan(List.of(prices), List.of(orders), profile, objectives, Limits.brokers(16),
                TopologyMode.auto());
        LayoutEvaluation chosen = withQueue.chosen().orElseThrow();
        assertTrue(chosen.brokers() > one.brokers(), chosen.layout() + " against " + one.layout());
        assertEquals(List.of("prices", "orders"), chosen.shares().stream().map(DestinationShare::name).toList());
        assertEquals(0.3, chosen.shares().get(1).utilization(), 1e-12);
        assertEquals(chosen.utilization(), chosen.shares().stream().mapToDouble(DestinationShare::utilization).sum(),
                1e-12, "the shares add up to the broker's utilization");
        assertEquals(chosen.connectionsPerBroker(), chosen.publishersPerBroker() + chosen.subscribersPerBroker() + 12);
        double topicsShare = chosen.shares().get(0).utilization();
        assertEquals((0.9 - 0.3) / topicsShare * prices.workload().offeredLoad(), chosen.capacity(), 1e-6,
                "the topics' capacity is what the cap leaves beside the queue");
    }

    /**
     * A topic with a 1 ms bound on its 99% waiting time beside one whose messages reach 200 subscribers: alone, each
     * fits one broker. Shared, alerts wait behind 3 ms reports; the planner keeps the bound and says what it costs.
     */
    @Test
    void aTightBoundBesideLongServiceTimesCostsBrokersAndThePlanSaysHowMany() {
        Topic alerts = new Topic("alerts", Workload.of(2, 50, 1, 0, 1), 1e-3);
        Topic reports = Topic.of("reports", Workload.of(2, 100, 200, 0, 200));
        long apart = brokersAlone(alerts) + brokersAlone(reports);
        Plan shared = planner.plan(List.of(alerts, reports), profile, objectives, Limits.brokers(1024),
                TopologyMode.auto());
        LayoutEvaluation chosen = shared.chosen().orElseThrow();
        System.out.printf("alerts (1 ms bound) beside reports: %d brokers shared (%s), %d apart%n", chosen.brokers(),
                chosen.layout(), apart);
        assertEquals(2, apart);
        assertTrue(chosen.brokers() > apart, "sharing costs here: " + chosen.layout());
        assertTrue(chosen.waitingQuantile() <= 1e-3, "the bound holds: " + chosen.waitingQuantile());
        assertEquals("WaitingTime", shared.binding().reason());
        assertTrue(shared.bindingMessage().contains("topic alerts's bound 1.00 ms"), shared.bindingMessage());
        assertTrue(shared.notes().stream().anyMatch(n -> n.contains("alerts 1.00 ms) cost " + (chosen.brokers() - 1)
                + " brokers")), String.join("\n", shared.notes()));
    }

    @Test
    void aBoundNoLayoutMeetsNamesTheTopicAndItsBound() {
        Topic alerts = new Topic("alerts", Workload.of(1, 30_000, 1, 0, 1), 1e-6);
        Plan plan = planner.plan(List.of(alerts, Topic.of("other", Workload.of(4, 10, 4, 1, 1))), profile,
                objectives, Limits.brokers(64), TopologyMode.auto());
        assertFalse(plan.feasible());
        assertEquals(new WaitingTime("alerts", 0.99, 1e-6), plan.binding());
        assertTrue(plan.bindingMessage().contains("topic alerts's bound 1.00 us"), plan.bindingMessage());
    }

    /** The shared broker is the M/GI/1 queue of all arrivals with the rate-weighted mixture of the service times. */
    @Test
    void theWaitingTimeIsTheMixturesAsOneQueueHasIt() {
        Workload a = Workload.of(3, 500, 4, 1, 1);
        Workload b = new Workload(2, 200, 50, 0, 1, 50, ReplicationGradeDistribution.BINOMIAL, Double.NaN);
        TopologyEvaluator shared = new TopologyEvaluator(List.of(Topic.of("a", a), Topic.of("b", b)), profile,
                objectives, Limits.brokers(64));
        LayoutEvaluation e = shared.evaluate(new Layout(1, 2));
        ServiceTime ba = profile.serviceTime(a.filtersAt(2), a.replicationAt(2));
        ServiceTime bb = profile.serviceTime(b.filtersAt(25), b.replicationAt(25));
        MG1Queue queue = new MG1Queue(1500 + 400, ServiceTime.mixture(new double[] {1500, 400}, new ServiceTime[] {ba, bb}));
        assertEquals(queue.utilization(), e.utilization(), 1e-12);
        assertEquals(1500 * ba.mean() + 400 * bb.mean(), e.utilization(), 1e-12);
        assertEquals(GammaApproximation.of(queue).quantile(0.99), e.waitingQuantile(), 1e-12);
        assertEquals(List.of("a", "b"), e.shares().stream().map(DestinationShare::name).toList());
        assertEquals(1500 * ba.mean(), e.shares().get(0).utilization(), 1e-12);
    }

    /** A profile with a topic cost charges every message at a broker of T topics {@code seconds x form(T)} more. */
    @Test
    void aTopicCostChargesEveryMessageForTheTopicsBesideIt() {
        Workload w = Workload.of(2, 100, 2, 1, 1);
        List<Topic> four = IntStream.range(0, 4).mapToObj(i -> Topic.of("t" + i, w)).toList();
        TopicCost cost = new TopicCost(TopicCost.Form.Logarithmic, 2e-6);
        ServiceTimeProfile charged = new ServiceTimeProfile("charged", profile.model(),
                profile.parameters().withTopicCost(cost), "test");
        LayoutEvaluation without = new TopologyEvaluator(four, profile, objectives, Limits.brokers(4))
                .evaluate(new Layout(1, 1));
        LayoutEvaluation with = new TopologyEvaluator(four, charged, objectives, Limits.brokers(4))
                .evaluate(new Layout(1, 1));
        assertEquals(without.serviceTime().mean() + 2e-6 * Math.log(4), with.serviceTime().mean(), 1e-15);
        assertEquals(with.serviceTime().mean(), without.serviceTime().plus(2e-6 * Math.log(4)).mean(), 1e-15);
        LayoutEvaluation alone = new TopologyEvaluator(List.of(four.get(0)), charged, objectives, Limits.brokers(4))
                .evaluate(new Layout(1, 1));
        assertEquals(new TopologyEvaluator(w, profile, objectives, Limits.brokers(4)).evaluate(new Layout(1, 1))
                .serviceTime(), alone.serviceTime(), "one topic costs nothing for the number of topics");
    }

    @Test
    void aTopicWithoutSubscribersIsANoteNotAFailure() {
        Plan plan = planner.plan(List.of(Topic.of("audit", Workload.of(2, 100, 0, 0, 0)),
                Topic.of("prices", Workload.of(4, 100, 8, 1, 2))), profile, objectives, Limits.brokers(16),
                TopologyMode.auto());
        assertTrue(plan.feasible());
        assertTrue(plan.notes().stream().anyMatch(n -> n.startsWith("topic audit has no subscribers")),
                String.join("\n", plan.notes()));
        assertTrue(plan.notes().stream().anyMatch(n -> n.startsWith("the number of topics is not charged")));
    }

    private long brokersAlone(Topic topic) {
        return planner.plan(List.of(topic), profile, objectives, Limits.brokers(1024), TopologyMode.auto())
                .chosen().orElseThrow().brokers();
    }
}
