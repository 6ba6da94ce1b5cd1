package io.brokerwise.benchmarks.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A cgroup v1 {@code cpu} group with a CFS quota: a broker process in it gets {@code cores} CPUs' worth of
 * time, the stand-in for a dedicated node on a 2-core machine (a process measured at 25% with
 * 25,000/100,000 us). Named after the load generator's pid, so leftovers of a killed run can be told apart.
 */
public final class CpuQuotaGroup implements AutoCloseable {

    public static final Path ROOT = Path.of("/sys/fs/cgroup/cpu");
    public static final String PREFIX = "brokerwise-bench-";

    final Path dir;
    private final long quotaMicros;

    private CpuQuotaGroup(Path dir, long quotaMicros) {
        this.dir = dir;
        this.quotaMicros = quotaMicros;
    }

    /** True when cgroup v1's cpu controller is mounted and writable here (root on this machine). */
    public static boolean available() {
        return Files.isWritable(ROOT.resolve("cgroup.procs")) && Files.isDirectory(ROOT);
    }

    static CpuQuotaGroup create(String name, double cores, long periodMicros) throws IOException {
        if (!(cores > 0)) {
            throw new IllegalArgumentException("a CPU quota must be positive, got " + cores);
        }
        Path dir = ROOT.resolve(PREFIX + ProcessHandle.current().pid() + "-" + name);
        Files.createDirectories(dir);
        // A new group's quota is unlimited (-1), so the period can change first.
        Files.writeString(dir.resolve("cpu.cfs_period_us"), Long.toString(periodMicros));
        CpuQuotaGroup group = new CpuQuotaGroup(dir, Math.round(cores * periodMicros));
        group.restore();
        return group;
    }

    /** Lets the group's processes run without a quota (-1), until {@link #restore()}. */
    void lift() throws IOException {
        Files.writeString(dir.resolve("cpu.cfs_quota_us"), "-1");
    }

    /** Sets the group's quota (again). */
    void restore() throws IOException {
        Files.writeString(dir.resolve("cpu.cfs_quota_us"), Long.toString(quotaMicros));
    }

    /** The quota the kernel enforces now, in microseconds per period; -1 when lifted. */
    long quotaMicros() throws IOException {
        return Long.parseLong(Files.readString(dir.resolve("cpu.cfs_quota_us")).trim());
    }

    /** The shell prefix that moves the shell into this group before it execs the broker JVM. */
    String enterCommand() {
        return "echo $$ > '" + dir.resolve("cgroup.procs") + "' && exec \"$@\"";
    }

    /** Removes the group; it must be empty, so callers stop its processes first. Retries while the kernel lets go. */
    @Override
    public void close() throws IOException {
        for (int attempt = 0; ; attempt++) {
            try {
                Files.deleteIfExists(dir);
                return;
            } catch (IOException e) {
                if (attempt >= 50) {
                    throw new IOException("cgroup " + dir + " could not be removed: " + e.getMessage(), e);
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /** Removes empty groups left by load generators that no longer run (killed with SIGKILL). */
    static void removeStale() {
        if (!available()) {
            return;
        }
        try (var groups = Files.list(ROOT)) {
            groups.filter(d -> d.getFileName().toString().startsWith(PREFIX)).forEach(d -> {
                String rest = d.getFileName().toString().substring(PREFIX.length());
                long owner = Long.parseLong(rest.substring(0, rest.indexOf('-')));
                if (ProcessHandle.of(owner).isEmpty()) {
                    try {
                        Files.deleteIfExists(d);
                    } catch (IOException e) {
                        System.err.println("loadgen: stale cgroup " + d + " still busy: " + e.getMessage());
                    }
                }
            });
        } catch (IOException | RuntimeException e) {
            System.err.println("loadgen: could not look for stale cgroups: " + e.getMessage());
        }
    }
}
