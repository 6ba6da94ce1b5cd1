package io.brokerwise.benchmarks.verification;

import io.brokerwise.model.stats.SampleSummary;
import java.io.PrintStream;
import java.util.List;

/** {@code verify}'s verdicts as a table on the progress stream, one layout a line, beside the JSON. */
public final class VerdictTable {

    private VerdictTable() {
    }

    public static void print(List<LayoutVerdict> verdicts, PrintStream out) {
        out.println("loadgen: layout      planned  predicted msgs/s  measured msgs/s (95% interval)      error    "
                + "valid  verdict; over planned: predicted measured (95% interval)");
        for (LayoutVerdict v : verdicts) {
            CapacityVerdict c = v.capacity();
            SampleSummary measured = c.measured();
            out.printf("loadgen: %-11s %-8s %,16.0f %,16.0f (%,.0f to %,.0f)  %+6.1f%%  %-5s  %s%s%n", v.layout(),
                    v.planned(), c.predictedSaturatedMsgsPerSecond(), measured.mean(), measured.lower(),
                    measured.upper(), 100 * c.relativeError(), c.valid(), c.verdict(), overPlanned(v.againstPlanned()));
        }
        if (!verdicts.isEmpty() && verdicts.get(0).amongLayouts() != null) {
            out.println("loadgen: " + verdicts.get(0).amongLayouts().amongLayouts());
        }
    }

    private static String overPlanned(AgainstPlanned a) {
        return a == null ? "" : String.format("; %.2f %.2f (%.2f to %.2f); %s", a.predictedOverPlanned(),
                a.measuredOverPlanned(), a.measuredOverPlannedInterval().lower(),
                a.measuredOverPlannedInterval().upper(), a.againstPlanned());
    }
}
