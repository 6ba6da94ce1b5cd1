package io.brokerwise.model.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.hipparchus.special.Gamma;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MD1WaitingTimeTest {

    @ParameterizedTest
    @ValueSource(doubles = {0.3, 0.7, 0.95})
    void ccdfAtZeroIsRho(double rho) {
        // about 2e4 terms at rho = 0.95: log-sum-exp round-off, not truncation, sets the last digits
        assertEquals(rho, new MD1WaitingTime(rho, 1).ccdf(0), 1e-10);
    }

    /**
     * Integrating the tail must give the Pollaczek-Khintchine mean rho D / (2 (1 - rho)). The tail is
     * analytic between multiples of D, so Simpson's rule on each such interval is accurate.
     */
    @ParameterizedTest
    @ValueSource(doubles = {0.5, 0.9, 0.95})
    void tailIntegratesToTheMean(double rho) {
        MD1WaitingTime w = new MD1WaitingTime(rho, 1);
        int steps = 8;
        double h = 1.0 / steps;
        double sum = 0;
        for (int k = 0; w.ccdf(k) > 1e-13; k++) {
            double interval = w.ccdf(k) + w.ccdf(k + 1);
            for (int i = 1; i < steps; i++) {
                interval += (i % 2 == 1 ? 4 : 2) * w.ccdf(k + i * h);
            }
            sum += interval * h / 3;
        }
        assertEquals(w.mean(), sum, w.mean() * 1e-6);
    }

    /** Erlang's alternating form, evaluated where it is still stable (small t), agrees with eq. 5.9's complement. */
    @Test
    void agreesWithErlangsAlternatingSumWhereThatIsStable() {
        double rho = 0.8;
        MD1WaitingTime w = new MD1WaitingTime(rho, 1);
        for (double t : new double[] {0.2, 1.0, 2.5, 4.9}) {
            double sum = 0;
            for (int k = 0; k <= Math.floor(t); k++) {
                double x = rho * (k - t);
                sum += Math.pow(x, k) / Math.exp(Gamma.logGamma(k + 1.0)) * Math.exp(-x);
            }
            assertEquals((1 - rho) * sum, w.cdf(t), 1e-10, "t=" + t);
        }
    }

    @Test
    void stableAtTheFiveNinesQuantileAndHighUtilization() {
        MD1WaitingTime w = new MD1WaitingTime(0.95, 1);
        double q = w.quantile(0.99999);
        assertTrue(Double.isFinite(q) && q > 0);
        assertEquals(1e-5, w.ccdf(q), 1e-5 * 1e-8);
        assertTrue(w.ccdf(q * 1.01) < 1e-5 && w.ccdf(q * 0.99) > 1e-5);
    }
}
