package io.brokerwise.benchmarks.loadgen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** CPU time of a process from /proc/[pid]/stat, the source that needs no agent inside the broker. */
final class ProcStat {

    /** USER_HZ is 100 on every Linux this runs on (sysconf(_SC_CLK_TCK)). */
    private static final double TICKS_PER_SECOND = 100.0;

    private ProcStat() {
    }

    static double cpuSeconds(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // Fields after the command name, which is in parentheses and may contain spaces.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** The 1-minute load average, recorded with every result: a loaded machine makes figures unclean. */
    static double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
