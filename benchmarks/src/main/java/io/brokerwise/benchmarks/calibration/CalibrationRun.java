package io.brokerwise.benchmarks.calibration;

import io.brokerwise.measure.contract.CalibrationPoint;
import java.util.List;

/**
 * What {@code calibrate} writes beside the profile, as {@code <name>.points.json}: every point's full result and
 * how the series was run, so a profile can be refitted, charted ({@code report}) or doubted later.
 *
 * @param finished          when the last point was measured (ISO-8601)
 * @param loadAverageBefore the machine's 1-minute load average before the first point
 * @param command           the command line that measured the series
 */
public record CalibrationRun(String name, String finished, long tookSeconds, double loadAverageBefore, String command,
                             List<CalibrationPoint> points) {
}
