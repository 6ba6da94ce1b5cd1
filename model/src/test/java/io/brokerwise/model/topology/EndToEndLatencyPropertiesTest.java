package io.brokerwise.model.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.queue.GammaApproximation;
import io.brokerwise.model.queue.MG1Queue;
import io.brokerwise.model.replication.ReplicationGradeDistribution;
import io.brokerwise.model.service.BuiltInProfiles;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTime;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.service.SublinearDispatchModel;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Scale;

/**
 * The end-to-end quantile (docs/models.md sec. 3): the profile's latency floor plus the Gamma-approximated waiting
 * time on the service time under Poisson arrivals, over random workloads, layouts and profiles.
 */
class EndToEndLatencyPropertiesTest {

    record Case(Workload workload, Layout layout, ServiceTimeProfile profile, double quantile) {

        TopologyEvaluator evaluator(ServiceTimeProfile p) {
            return new TopologyEvaluator(workload, p, new Objectives(0.9, quantile, Double.POSITIVE_INFINITY),
                    Limits.brokers(1024));
        }

        ServiceTimeProfile withLatency(double floor, double factor) {
            return new ServiceTimeProfile(profile.name(), profile.model(),
                    profile.parameters().withLatency(floor, factor), profile.source());
        }
    }

    /**
     * With a floor of 0 and the saturated service time, the waiting figures are those of the bare M/GI/1 queue of
     * the most loaded broker, worked out here from the profile's moments of B, to the bit, and the end-to-end
     * quantile is the waiting-time quantile.
     */
    @Property(tries = 300)
    void aZeroFloorAndTheSaturatedServiceTimeLeaveTheWaitingTimeAsTheBareQueueHasIt(@ForAll("cases") Case c) {
        TopologyEvaluator evaluator = c.evaluator(c.withLatency(0, 1));
        LayoutEvaluation e = evaluator.evaluate(c.layout);
        long mb = e.subscribersPerBroker();
        ServiceTime b = c.profile.atMessageSize(c.workload.messageSizeBytes())
                .serviceTime(c.workload.filtersAt(mb), c.workload.replicationAt(mb));
        MG1Queue bare = new MG1Queue(e.publishersPerBroker() * c.workload.ratePerPublisher(), b);
        assertEquals(b, e.serviceTime());
        if (bare.stable()) {
            GammaApproximation w = GammaApproximation.of(bare);
            assertEquals(w.mean(), e.waitingMean());
            assertEquals(w.quantile(c.quantile), e.waitingQuantile());
        } else {
            assertEquals(Double.POSITIVE_INFINITY, e.waitingQuantile());
        }
        assertEquals(e.waitingQuantile(), e.endToEndQuantile());
        assertEquals(c.evaluator(c.profile).evaluate(c.layout), e, "a profile without the terms plans as with 0 and 1");
    }

    @Property(tries = 300)
    void endToEndIsAtLeastTheWaitingTimeAndTheFloor(@ForAll("cases") Case c,
                                                   @ForAll @DoubleRange(min = 0, max = 5e-3) @Scale(7) double floor,
                                                   @ForAll @DoubleRange(min = 1, max = 3) double factor) {
        LayoutEvaluation e = c.evaluator(c.withLatency(floor, factor)).evaluate(c.layout);
        assertTrue(e.endToEndQuantile() >= e.waitingQuantile(), e.toString());
        assertTrue(e.endToEndQuantile() >= floor, e.toString());
    }

    /** More load on the same layout never shortens the predicted end-to-end quantile. */
    @Property(tries = 300)
    void endToEndGrowsWithLoad(@ForAll("cases") Case c, @ForAll @DoubleRange(min = 0, max = 5e-3) @Scale(7) double floor,
                               @ForAll @DoubleRange(min = 1, max = 3) double factor,
                               @ForAll @DoubleRange(min = 1, max = 4) double growth) {
        ServiceTimeProfile p = c.withLatency(floor, factor);
        Case heavier = new Case(withRate(c.workload, c.workload.ratePerPublisher() * growth), c.layout, c.profile,
                c.quantile);
        double before = c.evaluator(p).evaluate(c.layout).endToEndQuantile();
        double after = heavier.evaluator(p).evaluate(c.layout).endToEndQuantile();
        Assume.that(Double.isFinite(before));
        assertTrue(after >= before * (1 - 1e-9), before + " -> " + after + " at " + growth + " times the load");
    }

    /** Messages that cost more under Poisson arrivals wait longer than the saturated service time predicts. */
    @Property(tries = 300)
    void aPoissonFactorAboveOneLengthensTheWait(@ForAll("cases") Case c,
                                                @ForAll @DoubleRange(min = 1, max = 3) double factor) {
        LayoutEvaluation saturated = c.evaluator(c.profile).evaluate(c.layout);
        LayoutEvaluation poisson = c.evaluator(c.withLatency(0, factor)).evaluate(c.layout);
        assertTrue(poisson.waitingQuantile() >= saturated.waitingQuantile() * (1 - 1e-9),
                saturated.waitingQuantile() + " -> " + poisson.waitingQuantile());
        assertEquals(saturated.utilization(), poisson.utilization(), "utilization stays the saturated one");
        assertEquals(saturated.capacity(), poisson.capacity(), "capacity stays the saturated one");
    }

    private static Workload withRate(Workload w, double rate) {
        return new Workload(w.publishers(), rate, w.subscribers(), w.filtersPerSubscriber(), w.filterComponents(),
                w.meanReplicationGrade(), w.distribution(), w.distinctFilters(), w.messageSizeBytes());
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<Workload> workloads = Combinators.combine(
                Arbitraries.longs().between(1, 200),
                Arbitraries.doubles().between(1, 5_000),
                Arbitraries.longs().between(1, 2_000),
                Arbitraries.integers().between(0, 10),
                Arbitraries.integers().between(1, 8),
                Arbitraries.doubles().between(0, 1),
                Arbitraries.of(ReplicationGradeDistribution.class)
        ).as((n, rate, m, filters, components, share, dist) -> new Workload(n, rate, m, filters, components,
                filters == 0 ? m : share * m * filters, dist, Double.NaN));
        List<ServiceTimeProfile> all = new ArrayList<>(BuiltInProfiles.all());
        all.add(new ServiceTimeProfile("sublinear-dispatch", new SublinearDispatchModel(),
                ProfileParameters.of(6e-6, 1e-7, 2.05e-6).withDispatchSqrtSeconds(9.53e-6), "property test"));
        return Combinators.combine(workloads, Arbitraries.integers().between(1, 64), Arbitraries.integers().between(1, 64),
                        Arbitraries.of(all), Arbitraries.of(0.5, 0.99, 0.9999))
                .as((w, k, l, p, q) -> new Case(w, new Layout((int) Math.min(k, w.publishers()),
                        (int) Math.min(l, w.subscribers())), p, q));
    }
}
