package io.brokerwise.operator.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerwise.api.v1alpha1.BenchmarkRunStatus;
import io.brokerwise.api.v1alpha1.IntervalStatus;
import org.junit.jupiter.api.Test;

/** The Verified condition's message carries the interval and the verdict in words, not a bare point. */
class VerificationReportTest {

    @Test
    void messageGivesTheIntervalAndTheVerdict() {
        BenchmarkRunStatus s = new BenchmarkRunStatus();
        s.measuredCapacity = 900.0;
        s.predictedCapacity = 1000.0;
        s.capacityError = -0.1;
        s.measuredCapacityInterval = new IntervalStatus();
        s.measuredCapacityInterval.runs = 3;
        s.measuredCapacityInterval.confidence = 0.95;
        s.measuredCapacityInterval.lower = 780.0;
        s.measuredCapacityInterval.upper = 1020.0;
        s.verdictMessage = "inconclusive: 4 more runs would settle it";
        assertEquals("measured 900 msgs/s (95% interval 780 to 1020, 3 runs) against 1000 predicted (-10.0%), "
                + "tolerance 15%: inconclusive: 4 more runs would settle it", VerificationReport.message(s, 0.15));
    }
}
