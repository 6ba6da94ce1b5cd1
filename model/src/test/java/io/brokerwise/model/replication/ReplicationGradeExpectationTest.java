package io.brokerwise.model.replication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.function.DoubleUnaryOperator;
import org.hipparchus.distribution.discrete.BinomialDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** E[f(R)] against the distributions' definitions, and against the closed-form raw moments. */
class ReplicationGradeExpectationTest {

    private static final DoubleUnaryOperator SQRT = Math::sqrt;

    @Test
    void deterministicAndScaledBernoulliAreTheirDefinitions() {
        assertEquals(Math.sqrt(7), ReplicationGrade.deterministic(7).expectation(SQRT));
        assertEquals(0.3 * Math.sqrt(40) + 0.7 * 0, new ReplicationGrade.ScaledBernoulli(40, 0.3).expectation(SQRT));
    }

    /** The sum over the whole support with Hipparchus' probabilities (Loader's saddle point) is the reference. */
    @ParameterizedTest(name = "n={0}, p={1}")
    @CsvSource({"1, 0.5", "30, 0.2", "250, 0.004", "2000, 0.5", "100000, 0.001", "100000, 0.97", "5, 1e-9"})
    void binomialMatchesTheSumOverItsWholeSupport(int n, double p) {
        BinomialDistribution exact = new BinomialDistribution(n, p);
        for (DoubleUnaryOperator f : new DoubleUnaryOperator[] {SQRT, r -> r * Math.sqrt(r), r -> r * r * Math.sqrt(r)}) {
            double reference = 0;
            for (int k = 0; k <= n; k++) {
                reference += exact.probability(k) * f.applyAsDouble(k);
            }
            assertEquals(reference, new ReplicationGrade.Binomial(n, p).expectation(f), 1e-12 * reference + 1e-300);
        }
    }

    @ParameterizedTest
    @CsvSource({"40, 0.3", "1000, 0.01", "7, 0"})
    void binomialExpectationGivesTheRawMoments(int n, double p) {
        ReplicationGrade r = new ReplicationGrade.Binomial(n, p);
        assertEquals(r.mean(), r.expectation(x -> x), 1e-12 * r.mean());
        assertEquals(r.secondMoment(), r.expectation(x -> x * x), 1e-12 * r.secondMoment());
        assertEquals(r.thirdMoment(), r.expectation(x -> x * x * x), 1e-12 * r.thirdMoment());
    }

    @Test
    void aBinomialOverAFractionOfAFilterHasNoDistribution() {
        var e = assertThrows(IllegalArgumentException.class, () -> new ReplicationGrade.Binomial(2.5, 0.3).expectation(SQRT));
        assertEquals("a binomial replication grade needs a whole number of filters, got 2.5", e.getMessage());
    }
}
