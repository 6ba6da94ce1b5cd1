package io.brokerwise.model.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class SampleSummaryTest {

    /**
     * On synthetic normal runs the 95% interval covers the true mean in about 95% of samples. 4,000 samples
     * give a standard error of 0.34 points, so 93.5% to 96.5% is more than four of them; an interval from
     * the normal quantile instead of Student's t would cover only about 88% at n = 5 and fail.
     */
    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {3, 5, 10, 30})
    void intervalCoversTheTrueMeanAbout95PercentOfTheTime(int n) {
        int samples = 4000;
        int covered = 0;
        // one generator for all samples: java.util.Random's first draws of neighbouring seeds are correlated
        Random random = new Random(20_261_122L + n);
        for (int sample = 0; sample < samples; sample++) {
            double[] runs = new double[n];
            for (int i = 0; i < n; i++) {
                runs[i] = 12_000 + 1_500 * random.nextGaussian();
            }
            if (SampleSummary.of(runs).covers(12_000)) {
                covered++;
            }
        }
        double share = (double) covered / samples;
        assertTrue(share > 0.935 && share < 0.965, "coverage " + share + " at n = " + n);
    }

    /** Two runs minutes apart on this machine, 10,130 and 16,851 msgs/s: the interval says how little they know. */
    @Test
    void twoRunsGiveTheTIntervalWithOneDegreeOfFreedom() {
        SampleSummary s = SampleSummary.of(10_130, 16_851);
        assertEquals(13_490.5, s.mean(), 1e-9);
        assertEquals(Math.abs(16_851 - 10_130) / Math.sqrt(2), s.standardDeviation(), 1e-9);
        // t_{1, 0.975} = 12.7062 (t tables); half-width t s / sqrt(2) = 12.7062 * 3360.5
        assertEquals(12.7062 * 3360.5, s.halfWidth(), 1);
    }

    @Test
    void oneRunHasNoInterval() {
        assertThrows(IllegalArgumentException.class, () -> SampleSummary.of(10_130));
    }
}
