package io.brokerwise.broker;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A broker as a process of its own that outlives the command that started it ({@code brokerwise up}):
 * {@link BrokerMain} on this JVM's class path, its configuration rendered into its directory, its output in
 * {@code broker.log} there. A later command stops it by its process ID ({@link #stop}).
 */
public final class BrokerProcess {

    /** The java launcher of this JVM. */
    public static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    /** Heap of a local broker: enough for a developer's layout, small enough for several on a laptop. */
    static final String HEAP = "512m";
    private static final long READY_SECONDS = 120;
    /** The broker logs to stderr (its log file) even where the launcher's class path has another provider. */
    private static final String SLF4J_PROVIDER = "slf4j.provider=org.slf4j.simple.SimpleServiceProvider";

    private BrokerProcess() {
    }

    /** Starts the broker and returns once it listens; throws, naming its log, if it exits or hangs first. */
    public static ProcessHandle start(BrokerConfiguration config, BrokerUsers users, Path dir)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path xml = dir.resolve(BrokerConfiguration.CONFIG_MAP_KEY);
        Files.writeString(xml, config.render());
        Path log = dir.resolve("broker.log");
        ProcessBuilder pb = new ProcessBuilder(JAVA, "-Xmx" + HEAP, "-XX:+UseSerialGC", "-D" + SLF4J_PROVIDER,
                BrokerMain.class.getName())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        // Through the environment, not -cp: the JDK reports no arguments of a process whose command line is long,
        // and isBroker must see them.
        pb.environment().put("CLASSPATH", classPath());
        pb.environment().put("BROKER_XML", xml.toString());
        pb.environment().putAll(users.keys());
        pb.environment().remove(MountedCredentials.DIRECTORY_ENV);
        pb.environment().remove("BROKER_PARENT_PID");
        Process process = pb.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
        while (!Files.readString(log).contains(BrokerMain.READY)) {
            if (!process.isAlive()) {
                throw new IOException("broker " + config.name() + " exited before it was ready; see " + log);
            }
            if (System.nanoTime() - deadline > 0) {
                stop(process.toHandle());
                throw new IOException("broker " + config.name() + " not ready within " + READY_SECONDS + " s; see "
                        + log);
            }
            Thread.sleep(50);
        }
        return process.toHandle();
    }

    /** SIGTERM (the broker stops cleanly), SIGKILL after 15 s; returns once it is gone. */
    public static void stop(ProcessHandle broker) throws IOException {
        broker.destroy();
        try {
            broker.onExit().get(15, TimeUnit.SECONDS);
        } catch (Exception e) {
            broker.destroyForcibly();
            try {
                broker.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception again) {
                throw new IOException("broker process " + broker.pid() + " did not exit after SIGKILL", again);
            }
        }
    }

    /** The class path of this JVM, or surefire's real one when run from a test (its own is a manifest jar). */
    public static String classPath() {
        String tests = System.getProperty("surefire.test.class.path");
        return tests != null && !tests.isBlank() ? tests : System.getProperty("java.class.path");
    }

    /** Whether {@code p} runs a broker, not an unrelated process that got a stopped broker's PID later. */
    public static boolean isBroker(ProcessHandle p) {
        return p.isAlive() && p.info().arguments().map(List::of).orElse(List.of()).contains(BrokerMain.class.getName());
    }
}
