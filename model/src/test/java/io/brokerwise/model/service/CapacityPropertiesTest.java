package io.brokerwise.model.service;

import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Where the component term and the falling copy cost must make capacity fall, it falls. */
class CapacityPropertiesTest {

    @Property
    void capacityFallsAsFiltersGetMoreComponents(@ForAll("chargingComponents") ServiceTimeProfile profile,
                                                 @ForAll @IntRange(min = 1, max = 5000) int filters,
                                                 @ForAll @IntRange(min = 1, max = 31) int components,
                                                 @ForAll @IntRange(min = 0, max = 200) int r) {
        double simpler = profile.receivedCapacity(new FilterSet(filters, filters, components), r);
        double complex = profile.receivedCapacity(new FilterSet(filters, filters, components + 1), r);
        assertTrue(complex < simpler, complex + " >= " + simpler);
    }

    @Property
    void capacityFallsAsTheReplicationGradeGrows(@ForAll("sublinear") ServiceTimeProfile profile,
                                                 @ForAll @IntRange(min = 0, max = 5000) int filters,
                                                 @ForAll @IntRange(min = 0, max = 200) int r) {
        FilterSet f = FilterSet.simple(filters);
        assertTrue(profile.receivedCapacity(f, r + 1) < profile.receivedCapacity(f, r));
    }

    /** Concave in r: each further copy costs no more than the one before, and never less than t_tx. */
    @Property
    void theCostOfOneMoreCopyFallsAsTheReplicationGradeGrows(@ForAll("sublinear") ServiceTimeProfile profile,
                                                             @ForAll @IntRange(min = 0, max = 5000) int filters,
                                                             @ForAll @IntRange(min = 0, max = 200) int r) {
        FilterSet f = FilterSet.simple(filters);
        double next = profile.meanSeconds(f, r + 1) - profile.meanSeconds(f, r);
        double after = profile.meanSeconds(f, r + 2) - profile.meanSeconds(f, r + 1);
        double slack = 1e-12 * profile.meanSeconds(f, r + 2);
        assertTrue(after <= next + slack, "copy " + (r + 2) + " costs " + after + ", copy " + (r + 1) + " " + next);
        assertTrue(after >= profile.parameters().dispatchSeconds() - slack);
    }

    @Provide
    Arbitrary<ServiceTimeProfile> chargingComponents() {
        return Arbitraries.oneOf(sublinear(), times().map(t -> new ServiceTimeProfile("random", new FilterLengthModel(),
                ProfileParameters.of(t[0], t[1], t[2]), "property test")));
    }

    @Provide
    Arbitrary<ServiceTimeProfile> sublinear() {
        return times().map(t -> new ServiceTimeProfile("random", new SublinearDispatchModel(),
                ProfileParameters.of(t[0], t[1], t[2]).withDispatchSqrtSeconds(t[3]), "property test"));
    }

    /** t_rcv, t_fltr, t_tx, t_tx_sqrt, each positive: a zero term is the equality case the tests above exclude. */
    private static Arbitrary<double[]> times() {
        Arbitrary<Double> t = Arbitraries.doubles().between(1e-8, 1e-3).ofScale(12);
        return Combinators.combine(t, t, t, t).as((a, b, c, d) -> new double[] {a, b, c, d});
    }
}
