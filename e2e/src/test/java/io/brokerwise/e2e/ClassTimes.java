package io.brokerwise.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Each test class's start and end on the tier's clock, written to {@code class-times.txt} in the build folder when the
 * run ends (e2e/ci prints it). Classes run side by side, so Surefire's per-class reports, which it groups by the
 * class it last saw start, can mix two classes; this reads JUnit's own events. It prints, and asserts nothing.
 */
public final class ClassTimes implements TestExecutionListener {

    private final Map<String, Instant> started = new ConcurrentHashMap<>();
    /** A class's container succeeds though a test of it fails: the worst outcome of its tests, by class. */
    private final Map<String, TestExecutionResult.Status> worst = new ConcurrentHashMap<>();
    private final List<String> rows = Collections.synchronizedList(new ArrayList<>());
    private volatile Instant planStarted = Instant.now();

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        planStarted = Instant.now();
    }

    @Override
    public void executionStarted(TestIdentifier id) {
        className(id).ifPresent(c -> started.put(c, Instant.now()));
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        id.getSource().filter(MethodSource.class::isInstance).map(s -> simpleName(((MethodSource) s).getClassName()))
                .ifPresent(c -> worst.merge(c, result.getStatus(), ClassTimes::worse));
        className(id).ifPresent(c -> {
            Instant start = started.getOrDefault(c, planStarted);
            Instant end = Instant.now();
            rows.add(String.format("%7.1f %7.1f %7.1f  %-10s %s", seconds(planStarted, start),
                    seconds(planStarted, end), seconds(start, end),
                    worse(result.getStatus(), worst.getOrDefault(c, result.getStatus())), c));
        });
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        String directory = System.getProperty("e2e.buildDirectory");
        if (directory == null || rows.isEmpty()) {
            return;
        }
        List<String> table = new ArrayList<>(List.of("=== test classes by start (s from the first; side by side where "
                + "they overlap): start, end, took, outcome, class"));
        rows.stream().sorted().forEach(table::add);
        table.add(String.format("=== all classes: %.1f s", seconds(planStarted, Instant.now())));
        try {
            Files.write(Path.of(directory, "class-times.txt"), table);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Optional<String> className(TestIdentifier id) {
        return id.getSource().filter(ClassSource.class::isInstance)
                .map(s -> simpleName(((ClassSource) s).getClassName()));
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    /** FAILED over ABORTED over SUCCESSFUL, the enum's order. */
    private static TestExecutionResult.Status worse(TestExecutionResult.Status a, TestExecutionResult.Status b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static double seconds(Instant from, Instant to) {
        return Duration.between(from, to).toMillis() / 1e3;
    }
}
