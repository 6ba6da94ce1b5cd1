package io.brokerwise.model.replicatedqueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.service.BuiltInProfiles;
import io.brokerwise.model.service.FilterSet;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.model.topology.Objectives;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

class ReplicatedQueuePropertiesTest {

    /** lcm(1..16): this many producers and consumers split evenly over any k up to 16, so each replica has lambda/k. */
    static final long EVEN_FOR_ANY_K = 720_720;

    private final ReplicatedQueuePlanner planner = new ReplicatedQueuePlanner();

    record Case(QueueWorkload queue, ServiceTimeProfile profile, Objectives objectives, Limits limits) {
    }

    /** The plan's k meets the objectives and no smaller k within the limits does (brute force over every k). */
    @Property(tries = 400)
    void chosenKIsTheFewestThatMeetsTheObjectives(@ForAll("cases") Case c) {
        ReplicatedQueuePlan plan = planner.plan(c.queue(), c.profile(), c.objectives(), c.limits());
        ReplicaObjectives objectives = new ReplicaObjectives(c.objectives());
        ServiceTimeProfile sized = c.profile().atMessageSize(c.queue().messageSizeBytes());
        int most = (int) Math.min(Math.min(c.queue().producers(), c.queue().consumers()), c.limits().maxBrokers());
        int fewest = 0;
        boolean consumersKeepUp = c.queue().consumers() > 0 && c.queue().consumerRate() > c.queue().offeredLoad();
        for (int k = 1; consumersKeepUp && k <= most && fewest == 0; k++) {
            if (objectives.met(ReplicaLoad.of(k, c.queue(), sized, c.objectives().waitingQuantile()))) {
                fewest = k;
            }
        }
        assertEquals(fewest, plan.replicas(), plan.reason());
        assertEquals(fewest > 0, plan.feasible());
        plan.replica().filter(r -> plan.feasible()).ifPresent(r -> {
            assertTrue(r.utilization() <= c.objectives().maxUtilization());
            assertTrue(!c.objectives().boundsWaitingTime() || r.waitingQuantile() <= c.objectives().maxWaitingSeconds());
        });
    }

    /**
     * Where k divides the clients and consumers have no selector, only the cap binds and E[B] does not change with k:
     * k = ceil(lambda E[B] / rho_max).
     */
    @Property
    void withoutAWaitBoundKIsTheOfferedWorkOverTheCap(@ForAll("profiles") ServiceTimeProfile profile,
                                                     @ForAll @DoubleRange(min = 0.01, max = 16) double work,
                                                     @ForAll @DoubleRange(min = 0.3, max = 0.95) double cap) {
        double eb = profile.atMessageSize(1024).meanSeconds(FilterSet.simple(0), 1);
        Assume.that(Math.abs(work - Math.rint(work)) > 1e-6); // no k right at the cap, where rounding decides
        double rate = work * cap / (EVEN_FOR_ANY_K * eb);
        QueueWorkload q = new QueueWorkload("q", EVEN_FOR_ANY_K, rate, EVEN_FOR_ANY_K,
                QueueWorkload.AS_FAST_AS_THEY_CAN, 0, Double.NaN, 1024);
        ReplicatedQueuePlan plan = planner.plan(q, profile, Objectives.utilization(cap), Limits.brokers(16));
        assertEquals((int) Math.ceil(q.offeredLoad() * eb / cap), plan.replicas(), plan.reason());
        assertEquals(q.offeredLoad() / plan.replicas(), plan.replica().orElseThrow().arrivalRate(), 1e-9 * q.offeredLoad());
    }

    /**
     * Consumers that take less than the producers send rule the queue out, however fast the broker (a share of 1,
     * consumers exactly as fast, is refused too; ReplicatedQueuePlannerTest has it, here rounding would decide).
     */
    @Property
    void consumersThatCannotKeepUpAreRefusedAtAnyK(@ForAll @IntRange(min = 1, max = 1000) int producers,
                                                   @ForAll @IntRange(min = 1, max = 1000) int consumers,
                                                   @ForAll @DoubleRange(min = 0.01, max = 0.99) double share,
                                                   @ForAll("profiles") ServiceTimeProfile profile) {
        double rate = 1;
        QueueWorkload q = new QueueWorkload("q", producers, rate, consumers, share * producers * rate / consumers, 0,
                Double.NaN, 1024);
        ReplicatedQueuePlan plan = planner.plan(q, profile, Objectives.utilization(0.9), Limits.brokers(1024));
        assertFalse(plan.feasible());
        assertTrue(plan.replica().isEmpty());
        assertTrue(plan.reason().contains("add consumers or make them faster"), plan.reason());
    }

    @Provide
    Arbitrary<ServiceTimeProfile> profiles() {
        return Arbitraries.of(BuiltInProfiles.all());
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<QueueWorkload> queues = Combinators.combine(
                Arbitraries.longs().between(1, 40),
                Arbitraries.doubles().between(1, 50_000),
                Arbitraries.longs().between(0, 40),
                Arbitraries.oneOf(Arbitraries.just(QueueWorkload.AS_FAST_AS_THEY_CAN),
                        Arbitraries.doubles().between(1, 100_000)),
                Arbitraries.integers().between(0, 4),
                Arbitraries.of(100, 1024, 65_536))
                .as((n, rate, m, consumerRate, components, bytes) ->
                        new QueueWorkload("q", n, rate, m, consumerRate, components, Double.NaN, bytes));
        Arbitrary<Objectives> objectives = Combinators.combine(
                Arbitraries.doubles().between(0.3, 0.95),
                Arbitraries.of(0.99, 0.9999),
                Arbitraries.oneOf(Arbitraries.just(Double.POSITIVE_INFINITY),
                        Arbitraries.doubles().between(1e-5, 0.05).ofScale(6)))
                .as(Objectives::new);
        Arbitrary<Limits> limits = Arbitraries.integers().between(1, 60).map(Limits::brokers);
        return Combinators.combine(queues, profiles(), objectives, limits).as(Case::new);
    }
}
