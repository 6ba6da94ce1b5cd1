package io.brokerwise.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's 1-minute load average, recorded with every result: a loaded machine makes figures unclean. */
public final class ProcStat {

    private ProcStat() {
    }

    public static double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
