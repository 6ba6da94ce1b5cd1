package io.brokerwise.broker.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The CPU the broker's cgroup used and may use: a pod's container, or the CPU-quota group a local benchmark
 * broker runs in. A measurement is valid only if the broker was at its limit, so both come from the kernel's
 * own accounting, cgroup v1 ({@code cpuacct.usage}, {@code cpu.cfs_quota_us}) or v2 ({@code cpu.stat},
 * {@code cpu.max}). Without a quota the limit is the CPUs this process may run on. A process in the root
 * accounting group (a local broker that got only a {@code cpu} quota group) counts its own CPU time instead,
 * since the root group's usage is the whole machine's; the {@code source} tag says which it is.
 */
final class CgroupCpu {

    static final String SECONDS = "brokerwise.cpu.seconds";
    static final String LIMIT = "brokerwise.cpu.limit.cores";
    private static final Path ROOT = Path.of("/sys/fs/cgroup");

    private final Path v1Cpuacct;
    private final Path v1Cpu;
    private final Path v2;

    private CgroupCpu(Path v1Cpuacct, Path v1Cpu, Path v2) {
        this.v1Cpuacct = v1Cpuacct;
        this.v1Cpu = v1Cpu;
        this.v2 = v2;
    }

    /** Registers the meters; the caller keeps the returned object, which Micrometer holds only weakly. */
    static CgroupCpu bind(MeterRegistry registry) {
        CgroupCpu cpu = ofThisProcess();
        FunctionCounter.builder(SECONDS, cpu, CgroupCpu::seconds).baseUnit("seconds")
                .tag("source", cpu.accounted() ? "cgroup" : "process")
                .description("CPU time used by the broker's cgroup (source=cgroup) or process (source=process)")
                .register(registry);
        Gauge.builder(LIMIT, cpu, CgroupCpu::limitCores)
                .description("CPUs the broker's cgroup may use (CFS quota over period, else the CPUs it may run on)")
                .register(registry);
        return cpu;
    }

    /** This process's cgroup from /proc/self/cgroup; in a container that is the mounted root. */
    static CgroupCpu ofThisProcess() {
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of("/proc/self/cgroup"));
        } catch (IOException e) {
            lines = List.of();
        }
        Path cpuacct = null;
        Path cpu = null;
        Path unified = null;
        for (String line : lines) {
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            List<String> controllers = List.of(f[1].split(","));
            if (controllers.contains("cpuacct") && !f[2].equals("/")) {
                cpuacct = existing("cpuacct.usage", f[2], "cpu,cpuacct", "cpuacct");
            }
            if (controllers.contains("cpu")) {
                cpu = existing("cpu.cfs_quota_us", f[2], "cpu,cpuacct", "cpu");
            }
            if (f[1].isEmpty() && f[0].equals("0") && !f[2].equals("/")) {
                unified = existing("cpu.stat", f[2], "");
            }
        }
        return new CgroupCpu(cpuacct, cpu, unified);
    }

    /** The group's directory under one of the mounts, or the mount itself (a container sees its group as root). */
    private static Path existing(String file, String groupPath, String... mounts) {
        for (String mount : mounts) {
            Path base = mount.isEmpty() ? ROOT : ROOT.resolve(mount);
            for (Path dir : List.of(base.resolve(groupPath.substring(1)), base)) {
                if (Files.isReadable(dir.resolve(file))) {
                    return dir;
                }
            }
        }
        return null;
    }

    /** True when the kernel accounts this process's group apart from the rest of the machine. */
    boolean accounted() {
        return v1Cpuacct != null || v2 != null;
    }

    double seconds() {
        if (!accounted()) {
            return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getProcessCpuTime() / 1e9;
        }
        if (v1Cpuacct != null) {
            return read(v1Cpuacct.resolve("cpuacct.usage")).map(ns -> Double.parseDouble(ns) / 1e9).orElse(Double.NaN);
        }
        if (v2 != null) {
            return read(v2.resolve("cpu.stat")).flatMap(s -> s.lines().filter(l -> l.startsWith("usage_usec "))
                    .findFirst()).map(l -> Double.parseDouble(l.substring(11)) / 1e6).orElse(Double.NaN);
        }
        return Double.NaN;
    }

    double limitCores() {
        Optional<Double> quota = Optional.empty();
        if (v1Cpu != null) {
            quota = read(v1Cpu.resolve("cpu.cfs_quota_us")).flatMap(q -> read(v1Cpu.resolve("cpu.cfs_period_us"))
                    .map(p -> ratio(q, p)));
        } else if (v2 != null) {
            quota = read(v2.resolve("cpu.max")).map(m -> m.split(" ")).map(f -> ratio(f[0], f[1]));
        }
        return quota.filter(q -> q > 0).orElse((double) Runtime.getRuntime().availableProcessors());
    }

    /** quota / period; "max" or -1 mean no quota (0 here). */
    private static double ratio(String quota, String period) {
        if (quota.equals("max") || quota.startsWith("-")) {
            return 0;
        }
        return Double.parseDouble(quota) / Double.parseDouble(period);
    }

    private static Optional<String> read(Path file) {
        try {
            return Optional.of(Files.readString(file).trim());
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
