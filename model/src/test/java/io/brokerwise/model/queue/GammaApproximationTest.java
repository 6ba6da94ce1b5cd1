package io.brokerwise.model.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.service.ServiceTime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GammaApproximationTest {

    private static final double MEAN_SERVICE = 1e-4;

    /** With exponential service the waiting customers' time is exponential: alpha = 1 and the CDF is exact. */
    @ParameterizedTest
    @ValueSource(doubles = {0.1, 0.5, 0.7, 0.9, 0.95, 0.99})
    void equalsMM1Exactly(double rho) {
        GammaApproximation gamma = GammaApproximation.of(queue(rho, ServiceTime.exponential(MEAN_SERVICE)));
        MM1WaitingTime exact = new MM1WaitingTime(rho, MEAN_SERVICE);
        assertEquals(1.0, gamma.shape(), 1e-12);
        assertEquals(exact.mean(), gamma.mean(), exact.mean() * 1e-12);
        for (double t = 0; t < 200 * MEAN_SERVICE; t += 3.7 * MEAN_SERVICE) {
            assertEquals(exact.ccdf(t), gamma.ccdf(t), exact.ccdf(t) * 1e-10, "t=" + t);
        }
        for (double p : new double[] {0.99, 0.9999, 0.99999}) {
            assertEquals(exact.quantile(p), gamma.quantile(p), exact.quantile(p) * 1e-9, "p=" + p);
        }
    }

    /** Sec. 5.2.3, figure 5.10: the approximation is close to the exact M/D/1 quantiles. */
    @ParameterizedTest
    @ValueSource(doubles = {0.5, 0.6, 0.7, 0.8, 0.9, 0.95})
    void within7PercentOfExactMD1Quantiles(double rho) {
        GammaApproximation gamma = GammaApproximation.of(queue(rho, ServiceTime.deterministic(MEAN_SERVICE)));
        MD1WaitingTime exact = new MD1WaitingTime(rho, MEAN_SERVICE);
        assertEquals(exact.mean(), gamma.mean(), exact.mean() * 1e-12);
        for (double p : new double[] {0.99, 0.9999}) {
            double q = exact.quantile(p);
            double error = Math.abs(gamma.quantile(p) - q) / q;
            assertTrue(error < 0.07, "rho=" + rho + ", p=" + p + ": exact " + q + ", Gamma " + gamma.quantile(p));
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.5, 0.9})
    void quantileInvertsTheCcdf(double rho) {
        GammaApproximation gamma = GammaApproximation.of(queue(rho, new ServiceTime(1e-4, 1.3e-8, 2.0e-12)));
        for (double p : new double[] {0.9, 0.99, 0.99999}) {
            assertEquals(1 - p, gamma.ccdf(gamma.quantile(p)), (1 - p) * 1e-8);
        }
        assertEquals(0.0, gamma.quantile(1 - rho - 0.01));
    }

    /** The exponential approximation meets the mean by construction (eq. 5.13). */
    @ParameterizedTest
    @ValueSource(doubles = {0.7, 0.9})
    void exponentialApproximationKeepsTheMean(double rho) {
        MG1Queue q = queue(rho, ServiceTime.exponential(MEAN_SERVICE));
        ExponentialApproximation e = new ExponentialApproximation(q);
        MM1WaitingTime exact = new MM1WaitingTime(rho, MEAN_SERVICE);
        assertEquals(exact.ccdf(5e-3), e.ccdf(5e-3), exact.ccdf(5e-3) * 1e-9);
    }

    static MG1Queue queue(double rho, ServiceTime b) {
        return new MG1Queue(rho / b.mean(), b);
    }
}
