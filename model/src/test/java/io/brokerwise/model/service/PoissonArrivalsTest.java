package io.brokerwise.model.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.replication.ReplicationGrade;
import org.junit.jupiter.api.Test;

/** The terms outside the service time: the factor of Poisson arrivals, the latency floor, the registration time. */
class PoissonArrivalsTest {

    private static final ProfileParameters TIMES = ProfileParameters.of(1.16e-5, 2.1e-7, 1.59e-5);

    @Test
    void theFactorStretchesEveryMomentOfBByItsPower() {
        ServiceTimeProfile profile = new ServiceTimeProfile("p", new LinearModel(), TIMES.withLatency(1e-3, 1.4), "test");
        ServiceTime saturated = profile.serviceTime(FilterSet.simple(200), new ReplicationGrade.Binomial(200, 0.05));
        ServiceTime poisson = profile.underPoissonArrivals(saturated);
        assertEquals(1.4 * saturated.mean(), poisson.mean(), 1e-18);
        assertEquals(1.4 * 1.4 * saturated.secondMoment(), poisson.secondMoment(), 1e-20);
        assertEquals(1.4 * 1.4 * 1.4 * saturated.thirdMoment(), poisson.thirdMoment(), 1e-24);
        assertEquals(saturated.coefficientOfVariation(), poisson.coefficientOfVariation(), 1e-9, "the shape is kept");
    }

    @Test
    void withoutTheFactorTheSaturatedServiceTimeIsTheOneMessagesWaitBehind() {
        ServiceTimeProfile profile = new ServiceTimeProfile("p", new LinearModel(), TIMES, "test");
        ServiceTime saturated = profile.serviceTime(FilterSet.simple(200), ReplicationGrade.deterministic(3));
        assertSame(saturated, profile.underPoissonArrivals(saturated));
        assertEquals(0, TIMES.latencyFloorSeconds());
        assertEquals(1, TIMES.poissonServiceFactor());
        assertEquals(0, TIMES.registrationSeconds());
    }

    @Test
    void aSizedProfileKeepsItsLatencyAndRegistrationTerms() {
        ProfileParameters p = TIMES.withSecondsPerByte(1e-10, 1e-10).withLatency(1.2e-3, 1.3).withRegistrationSeconds(2e-3);
        ProfileParameters sized = p.atMessageSize(1024);
        assertEquals(1.2e-3, sized.latencyFloorSeconds());
        assertEquals(1.3, sized.poissonServiceFactor());
        assertEquals(2e-3, sized.registrationSeconds());
    }

    @Test
    void badTermsAreRefusedByName() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TIMES.withLatency(0, 0)).getMessage()
                .startsWith("poissonServiceFactor must be a finite number > 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TIMES.withLatency(-1e-3, 1)).getMessage()
                .startsWith("latencyFloorSeconds must be a finite number >= 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TIMES.withRegistrationSeconds(Double.NaN))
                .getMessage().startsWith("registrationSeconds must be a finite number >= 0"));
    }
}
