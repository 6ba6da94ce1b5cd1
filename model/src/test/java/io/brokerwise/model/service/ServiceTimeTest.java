package io.brokerwise.model.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.replication.ReplicationGrade;
import io.brokerwise.model.replication.ReplicationGradeDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ServiceTimeTest {

    private final ServiceTimeProfile fiorano = BuiltInProfiles.find("henjes-fioranomq", "ApplicationProperty").orElseThrow();

    @Test
    void deterministicReplicationGradeHasNoVariation() {
        ServiceTime b = fiorano.serviceTime(FilterSet.simple(100), ReplicationGrade.deterministic(7));
        assertEquals(0.0, b.coefficientOfVariation());
    }

    /** Eq. 5.34 with its factor 2: E[B^2] - E[B]^2 must equal t_tx^2 Var[R]. */
    @ParameterizedTest
    @EnumSource(ReplicationGradeDistribution.class)
    void varianceOfServiceTimeIsDispatchTimeSquaredTimesVarianceOfR(ReplicationGradeDistribution d) {
        ReplicationGrade r = d.of(100, 0.05);
        ServiceTime b = fiorano.serviceTime(FilterSet.simple(100), r);
        double t = fiorano.parameters().dispatchSeconds();
        double varR = r.secondMoment() - r.mean() * r.mean();
        assertEquals(t * t * varR, b.variance(), 1e-12 * b.secondMoment());
    }

    /** Third central moment of B is t_tx^3 times that of R: checks eq. 5.35 and the raw moments of R. */
    @Test
    void binomialThirdMomentMatchesItsSkewness() {
        double n = 40;
        double p = 0.3;
        ReplicationGrade r = ReplicationGradeDistribution.BINOMIAL.of(n, p);
        double mu = r.mean();
        double central3 = r.thirdMoment() - 3 * mu * r.secondMoment() + 2 * mu * mu * mu;
        assertEquals(n * p * (1 - p) * (1 - 2 * p), central3, 1e-9);
        assertEquals(n * p * (1 - p) + mu * mu, r.secondMoment(), 1e-9);
    }

    @Test
    void ceilingStretchesServiceTimeWhereTheOverallRateWouldExceedIt() {
        ServiceTimeProfile activeMq = BuiltInProfiles.find("henjes-activemq", "ApplicationProperty").orElseThrow();
        double b = activeMq.meanSeconds(FilterSet.simple(40), 40);
        assertEquals(41 / 50_000.0, b, 1e-12);
        double cpuOnly = new ServiceTimeProfile("no-ceiling", activeMq.model(),
                ProfileParameters.of(4.88e-5, 1.62e-7, 1.54e-5), "test").meanSeconds(FilterSet.simple(40), 40);
        assertTrue(cpuOnly < b);
    }

    /** The bytes of a message are received once and dispatched with each of its r copies. */
    @Test
    void perByteTimesChargeTheSizeOnReceiptAndOnEveryCopy() {
        ServiceTimeProfile sized = new ServiceTimeProfile("sized", new LinearModel(),
                ProfileParameters.of(6e-6, 7e-8, 4e-6).withSecondsPerByte(3e-10, 1.5e-10), "test");
        double b = sized.atMessageSize(65_536).meanSeconds(FilterSet.simple(40), 5);
        assertEquals(6e-6 + 65_536 * 3e-10 + 40 * 7e-8 + 5 * (4e-6 + 65_536 * 1.5e-10), b, 1e-18);
        assertSame(fiorano, fiorano.atMessageSize(65_536), "a profile without per-byte times holds for every size");
    }

    /** Below 1, the size exponent charges bytes^e: 65,536 bytes at 0.5 cost what 256 bytes cost at 1. */
    @Test
    void theSizeExponentChargesAPowerOfTheSize() {
        ProfileParameters times = ProfileParameters.of(6e-6, 7e-8, 4e-6).withSecondsPerByte(3e-10, 1.5e-10);
        double b = new ServiceTimeProfile("root", new LinearModel(), times.withSizeExponent(0.5), "test")
                .atMessageSize(65_536).meanSeconds(FilterSet.simple(40), 5);
        double linear = new ServiceTimeProfile("linear", new LinearModel(), times, "test")
                .atMessageSize(256).meanSeconds(FilterSet.simple(40), 5);
        assertEquals(linear, b, 1e-18);
        assertThrows(IllegalArgumentException.class, () -> times.withSizeExponent(1.5));
    }

    @Test
    void familyNameResolvesByFilterKind() {
        assertEquals("henjes-activemq-correlation-id",
                BuiltInProfiles.find("henjes-activemq", "CorrelationId").orElseThrow().name());
        assertEquals("henjes-sunmq-application-property",
                BuiltInProfiles.find("henjes-sunmq", "CorrelationId").orElseThrow().name());
        assertTrue(BuiltInProfiles.find("no-such-server", "CorrelationId").isEmpty());
    }
}
