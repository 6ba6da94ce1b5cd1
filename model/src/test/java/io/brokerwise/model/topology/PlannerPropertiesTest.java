package io.brokerwise.model.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.replication.ReplicationGradeDistribution;
import io.brokerwise.model.service.BuiltInProfiles;
import io.brokerwise.model.service.FilterSet;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTimeModel;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.service.SublinearDispatchModel;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

class PlannerPropertiesTest {

    private final TopologyPlanner planner = new TopologyPlanner();

    record Case(Workload workload, Objectives objectives, Limits limits, ServiceTimeProfile profile) {
    }

    /** The plan is feasible and no feasible layout within the limits has fewer brokers (brute force). */
    @Property(tries = 400)
    void choiceIsFeasibleAndCheapest(@ForAll("smallCases") Case c) {
        Plan plan = planner.plan(c.workload, c.profile, c.objectives, c.limits, TopologyMode.auto());
        TopologyEvaluator evaluator = new TopologyEvaluator(c.workload, c.profile, c.objectives, c.limits);
        long cheapest = Long.MAX_VALUE;
        for (int k = 1; k <= c.workload.publishers(); k++) {
            for (int l = 1; l <= c.workload.subscribers() && (long) k * l <= c.limits.maxBrokers(); l++) {
                if (evaluator.feasible(new Layout(k, l))) {
                    cheapest = Math.min(cheapest, (long) k * l);
                }
            }
        }
        if (cheapest == Long.MAX_VALUE) {
            assertFalse(plan.feasible(), "planner found a plan where brute force found none");
            assertTrue(plan.binding() != null && plan.bindingMessage() != null);
        } else {
            assertTrue(plan.feasible(), "brute force found " + cheapest + " brokers, planner nothing");
            LayoutEvaluation chosen = plan.chosen().orElseThrow();
            assertTrue(chosen.feasible());
            assertEquals(cheapest, chosen.brokers(), "chosen " + chosen.layout());
        }
    }

    @Property
    void capacityFallsAsFiltersGrow(@ForAll("profiles") ServiceTimeProfile profile, @ForAll @IntRange(min = 0, max = 5000) int n,
                                    @ForAll @DoubleRange(min = 0, max = 100) double r) {
        assertTrue(profile.receivedCapacity(FilterSet.simple(n + 1), r) <= profile.receivedCapacity(FilterSet.simple(n), r));
    }

    @Property
    void capacityFallsAsReplicationGradeGrows(@ForAll("profiles") ServiceTimeProfile profile,
                                              @ForAll @IntRange(min = 0, max = 5000) int n,
                                              @ForAll @DoubleRange(min = 0, max = 100) double r) {
        FilterSet filters = FilterSet.simple(n);
        assertTrue(profile.receivedCapacity(filters, r + 1) <= profile.receivedCapacity(filters, r));
    }

    @Property
    void psrCapacityGrowsWithPublisherGroups(@ForAll("smallCases") Case c, @ForAll @IntRange(min = 1, max = 29) int k) {
        TopologyEvaluator e = new TopologyEvaluator(c.workload, c.profile, c.objectives, c.limits);
        int groups = (int) Math.min(k, c.workload.publishers() - 1);
        if (groups >= 1) {
            assertTrue(e.capacity(new Layout(groups + 1, 1)) >= e.capacity(new Layout(groups, 1)));
        }
    }

    @Provide
    Arbitrary<ServiceTimeProfile> profiles() {
        Arbitrary<ServiceTimeModel> models = Arbitraries.of(ServiceTimeModel.ALL);
        Arbitrary<Double> times = Arbitraries.doubles().between(1e-8, 1e-3).ofScale(12);
        Arbitrary<Double> ceilings = Arbitraries.oneOf(Arbitraries.just(Double.NaN), Arbitraries.doubles().between(1e3, 1e6).ofScale(1));
        return Combinators.combine(models, times, times, times, times, ceilings)
                .as((m, a, b, c, d, ceiling) -> new ServiceTimeProfile("random", m,
                        new ProfileParameters(a, b, m.chargesDistinctFilters() ? c : 0, d, ceiling), "property test"));
    }

    @Provide
    Arbitrary<Case> smallCases() {
        Arbitrary<Workload> workloads = Combinators.combine(
                Arbitraries.longs().between(1, 30),
                Arbitraries.doubles().between(1, 20_000),
                Arbitraries.longs().between(1, 30),
                Arbitraries.integers().between(1, 20),
                Arbitraries.doubles().between(0, 1),
                Arbitraries.of(ReplicationGradeDistribution.class),
                Arbitraries.of(100, 1024, 65_536, 1 << 20)
        ).as((n, rate, m, filters, share, dist, bytes) ->
                new Workload(n, rate, m, filters, 1, share * m, dist, Double.NaN, bytes));
        Arbitrary<Objectives> objectives = Combinators.combine(
                Arbitraries.doubles().between(0.3, 0.95),
                Arbitraries.of(0.99, 0.9999),
                Arbitraries.oneOf(Arbitraries.just(Double.POSITIVE_INFINITY), Arbitraries.doubles().between(1e-4, 0.05).ofScale(6))
        ).as(Objectives::new);
        Arbitrary<Limits> limits = Combinators.combine(
                Arbitraries.integers().between(1, 60),
                Arbitraries.oneOf(Arbitraries.just(Long.MAX_VALUE), Arbitraries.longs().between(2, 40)),
                Arbitraries.of(Double.NaN, 1e9, 1e10),
                Arbitraries.integers().between(1, 2)
        ).as(Limits::new);
        List<ServiceTimeProfile> all = new ArrayList<>(BuiltInProfiles.all());
        // copies that get cheaper as r grows, as on one core of Artemis: E[B] still grows with a broker's subscribers
        all.add(new ServiceTimeProfile("sublinear-dispatch", new SublinearDispatchModel(),
                ProfileParameters.of(6e-6, 1e-7, 2.05e-6).withDispatchSqrtSeconds(9.53e-6), "property test"));
        Arbitrary<ServiceTimeProfile> profiles = Arbitraries.of(all);
        return Combinators.combine(workloads, objectives, limits, profiles).as(Case::new);
    }
}
