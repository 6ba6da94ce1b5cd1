package io.brokerwise.benchmarks.local;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerMain;
import io.brokerwise.broker.BrokerProcess;
import io.brokerwise.broker.BrokerUsers;
import io.brokerwise.broker.MountedCredentials;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One real Artemis broker as a separate JVM (BrokerMain from the broker module, the operator's renderer),
 * optionally inside a CPU-quota cgroup. Its stdout and stderr go to a log file in its directory.
 */
public final class LocalBroker implements AutoCloseable {

    public final String address;
    public final String metricsAddress;
    final Process process;
    final CpuQuotaGroup group;
    final Path log;

    private LocalBroker(String address, String metricsAddress, Process process, CpuQuotaGroup group, Path log) {
        this.address = address;
        this.metricsAddress = metricsAddress;
        this.process = process;
        this.group = group;
        this.log = log;
    }

    static LocalBroker start(BrokerConfiguration config, BrokerUsers users, Path dir, CpuQuotaGroup group,
                             String cpus, String heap) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path xml = dir.resolve("broker.xml");
        Files.writeString(xml, config.render());
        Path log = dir.resolve("broker.log");
        List<String> command = new ArrayList<>();
        if (group != null) {
            command.addAll(List.of("/bin/sh", "-c", group.enterCommand(), "broker"));
        }
        if (cpus != null) {
            command.addAll(List.of("taskset", "-c", cpus)); // util-linux: a CPU of its own, no quota gaps
        }
        command.addAll(List.of(BrokerProcess.JAVA, "-Xms" + heap,
                "-Xmx" + heap, "-XX:+UseParallelGC", "-cp", BrokerProcess.classPath(), BrokerMain.class.getName()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("BROKER_XML", xml.toString());
        pb.environment().putAll(users.keys());
        pb.environment().remove(MountedCredentials.DIRECTORY_ENV);
        pb.environment().put("BROKER_PARENT_PID", Long.toString(ProcessHandle.current().pid()));
        Process process = pb.start();
        LocalBroker broker = new LocalBroker("127.0.0.1:" + config.port(), "127.0.0.1:" + config.metricsPort(), process,
                group, log);
        try {
            broker.awaitReady(log);
        } catch (IOException | RuntimeException e) {
            broker.close();
            throw e;
        }
        return broker;
    }

    /** Copies the broker's output to its log until it prints that it is ready (bounded: 120 s). */
    private void awaitReady(Path logFile) throws IOException, InterruptedException {
        CompletableFuture<Boolean> ready = new CompletableFuture<>();
        Thread pump = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8)); var out = Files.newBufferedWriter(logFile)) {
                for (String line; (line = in.readLine()) != null; ) {
                    out.write(line);
                    out.newLine();
                    out.flush();
                    if (line.contains(BrokerMain.READY)) {
                        ready.complete(true);
                    }
                }
            } catch (IOException e) {
                ready.completeExceptionally(e);
            }
            ready.complete(false);
        }, "broker-log-" + address);
        pump.setDaemon(true);
        pump.start();
        try {
            if (!ready.get(120, TimeUnit.SECONDS)) {
                throw new IOException("broker " + address + " exited before it was ready; see " + logFile);
            }
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IOException("broker " + address + " not ready within 120 s; see " + logFile, e);
        }
    }

    /** SIGTERM (the broker stops cleanly), SIGKILL after 15 s, then the cgroup goes. */
    @Override
    public void close() throws IOException {
        List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
        all.add(process.toHandle());
        all.forEach(ProcessHandle::destroy);
        for (ProcessHandle p : all) {
            try {
                p.onExit().get(15, TimeUnit.SECONDS);
            } catch (Exception e) {
                p.destroyForcibly();
            }
        }
        for (ProcessHandle p : all) {
            try {
                p.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IOException("broker process " + p.pid() + " did not exit after SIGKILL", e);
            }
        }
        if (group != null) {
            group.close();
        }
    }
}
