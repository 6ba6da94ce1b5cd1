package io.brokerwise.model.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.service.ServiceTime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DTA against exact M/D/1 with the dissertation's settings (epsilon_f = 1e-4, epsilon_d = 1e-10,
 * epsilon_c = 1e-8) at utilizations where they converge quickly. Eq. 5.29/5.30 round every
 * inter-arrival time up to the next unit, so A' has a larger mean (figure 5.1) and the waiting time
 * comes out low by a first-order discretization error: about 3% at n_u = 100 and half that for every
 * doubling of n_u. At n_u = 400 it is within 1%.
 */
class DiscreteTimeAnalysisTest {

    @ParameterizedTest
    @ValueSource(doubles = {0.5, 0.7})
    void agreesWithExactMD1Within1Percent(double rho) {
        DiscreteTimeAnalysis dta = md1(rho, 400);
        MD1WaitingTime exact = new MD1WaitingTime(rho, rho);
        for (double p : new double[] {0.9, 0.99, 0.9999}) {
            double q = exact.quantile(p);
            assertEquals(q, dta.quantile(p), q * 0.01, "rho=" + rho + ", p=" + p);
        }
        assertEquals(exact.mean(), dta.mean(), exact.mean() * 0.01);
    }

    /** The gap to the exact result is discretization error: it halves when the unit halves. */
    @ParameterizedTest
    @ValueSource(doubles = {0.5, 0.7})
    void gapHalvesWithTheUnit(double rho) {
        double exact = new MD1WaitingTime(rho, rho).quantile(0.99);
        double coarse = exact - md1(rho, 100).quantile(0.99);
        double fine = exact - md1(rho, 200).quantile(0.99);
        assertTrue(coarse > 0 && fine > 0, "DTA with eq. 5.30 errs low");
        assertEquals(0.5, fine / coarse, 0.05);
    }

    private static DiscreteTimeAnalysis md1(double rho, int unitsPerMeanArrival) {
        DiscreteTimeAnalysis.Settings s = DiscreteTimeAnalysis.Settings.dissertation();
        return DiscreteTimeAnalysis.poissonArrivals(1.0, t -> t >= rho ? 1 : 0, new DiscreteTimeAnalysis.Settings(
                unitsPerMeanArrival, s.truncation(), s.overflow(), s.convergence(), s.maxIterations()));
    }

    /**
     * Table 5.2's symmetric and asymmetric service times share two moments but not the third; DTA and
     * the Gamma-approximation both see the asymmetric one wait longer (figure 5.4).
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void thirdMomentMattersAndGammaFollowsDta(boolean symmetric) {
        double u = 1.0;
        double[][] b = symmetric
                ? new double[][] {{10, 40.0 / 81}, {100, 1.0 / 81}, {190, 40.0 / 81}}
                : new double[][] {{90, 80.0 / 81}, {900, 1.0 / 81}};
        double meanB = 0;
        double m2 = 0;
        double m3 = 0;
        for (double[] x : b) {
            meanB += x[0] * x[1];
            m2 += x[0] * x[0] * x[1];
            m3 += x[0] * x[0] * x[0] * x[1];
        }
        assertEquals(100, meanB, 1e-9);
        assertEquals(18000, m2, 1e-6);
        double rho = 0.7;
        double meanArrival = meanB / rho;
        DiscreteTimeAnalysis dta = DiscreteTimeAnalysis.poissonArrivals(meanArrival, t -> {
            double f = 0;
            for (double[] x : b) {
                f += t >= x[0] * u ? x[1] : 0;
            }
            return f;
        }, DiscreteTimeAnalysis.Settings.dissertation());
        GammaApproximation gamma = GammaApproximation.of(new MG1Queue(1 / meanArrival, new ServiceTime(meanB, m2, m3)));
        double q = dta.quantile(0.999);
        assertEquals(q, gamma.quantile(0.999), q * 0.15, "symmetric=" + symmetric);
        assertTrue(symmetric ? m3 < 4e6 : m3 > 9e6);
    }
}
