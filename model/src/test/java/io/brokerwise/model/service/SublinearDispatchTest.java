package io.brokerwise.model.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerwise.model.replication.ReplicationGrade;
import io.brokerwise.model.replication.ReplicationGradeDistribution;
import java.util.function.DoubleUnaryOperator;
import org.hipparchus.distribution.discrete.BinomialDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SublinearDispatchTest {

    /** The copy costs Artemis showed on one core: t_tx and t_tx_sqrt solve the two marginal costs. */
    static final ProfileParameters ONE_CORE = ProfileParameters.of(6e-6, 1e-7, 2.05e-6).withDispatchSqrtSeconds(9.53e-6);
    private final ServiceTimeProfile profile = new ServiceTimeProfile("one-core", new SublinearDispatchModel(), ONE_CORE,
            "test");
    private final FilterSet filters = new FilterSet(60, 60, 4);

    @Test
    void copiesCostAbout6usFromOneToTwoAnd3point3usFromTenToTwenty() {
        assertEquals(6.0e-6, profile.meanSeconds(filters, 2) - profile.meanSeconds(filters, 1), 0.01e-6);
        assertEquals(3.3e-6, (profile.meanSeconds(filters, 20) - profile.meanSeconds(filters, 10)) / 10, 0.01e-6);
    }

    @Test
    void chargesEveryComponentOfEveryFilterAsEquation412() {
        assertEquals(6e-6 + 4 * 60 * 1e-7 + 5 * 2.05e-6 + Math.sqrt(5) * 9.53e-6, profile.meanSeconds(filters, 5), 1e-18);
    }

    /** E[B^k] = E[b(R)^k] summed over R's whole support, for b(r) = D + r t_tx + sqrt(r) t_tx_sqrt. */
    @ParameterizedTest
    @EnumSource(ReplicationGradeDistribution.class)
    void momentsAreThoseOfTheServiceTimeOverEveryValueOfR(ReplicationGradeDistribution distribution) {
        int n = 120;
        double p = 0.07;
        ServiceTime b = profile.serviceTime(FilterSet.simple(n), distribution.of(n, p));
        double d = profile.fixedSeconds(FilterSet.simple(n));
        DoubleUnaryOperator service = r -> d + r * ONE_CORE.dispatchSeconds() + Math.sqrt(r) * ONE_CORE.dispatchSqrtSeconds();
        double[] exact = new double[4];
        for (int k = 1; k <= 3; k++) {
            int power = k;
            exact[k] = expectation(distribution, n, p, r -> Math.pow(service.applyAsDouble(r), power));
        }
        assertEquals(exact[1], b.mean(), 1e-12 * exact[1]);
        assertEquals(exact[2], b.secondMoment(), 1e-12 * exact[2]);
        assertEquals(exact[3], b.thirdMoment(), 1e-12 * exact[3]);
    }

    @Test
    void aDeterministicReplicationGradeGivesNoVariation() {
        ServiceTime b = profile.serviceTime(filters, ReplicationGrade.deterministic(13));
        assertEquals(0.0, b.coefficientOfVariation(), 1e-7);
    }

    /** Without t_tx_sqrt the moments are eq. 4.12's to the last bit, so plans of such a profile stay as they were. */
    @ParameterizedTest
    @EnumSource(ReplicationGradeDistribution.class)
    void withoutTheSqrtTermTheMomentsAreThoseOfEquation412(ReplicationGradeDistribution distribution) {
        ProfileParameters plain = ProfileParameters.of(6e-6, 1e-7, 8e-6);
        ReplicationGrade r = distribution.of(300, 0.02);
        assertEquals(new ServiceTimeProfile("a", new FilterLengthModel(), plain, "test").serviceTime(filters, r),
                new ServiceTimeProfile("b", new SublinearDispatchModel(), plain, "test").serviceTime(filters, r));
    }

    private static double expectation(ReplicationGradeDistribution distribution, int n, double p, DoubleUnaryOperator f) {
        return switch (distribution) {
            case DETERMINISTIC -> f.applyAsDouble(n * p);
            case SCALED_BERNOULLI -> p * f.applyAsDouble(n) + (1 - p) * f.applyAsDouble(0);
            case BINOMIAL -> {
                BinomialDistribution exact = new BinomialDistribution(n, p);
                double sum = 0;
                for (int k = 0; k <= n; k++) {
                    sum += exact.probability(k) * f.applyAsDouble(k);
                }
                yield sum;
            }
        };
    }
}
