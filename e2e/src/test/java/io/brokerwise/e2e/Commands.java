package io.brokerwise.e2e;

import io.brokerwise.testsupport.BuiltTools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Programs the cluster tests run on this machine (helm, the e2e scripts, iptables): they must succeed. */
final class Commands {

    private Commands() {
    }

    /** Runs the command in the checkout's root; a failure, or no end within the timeout, fails the test. */
    static String run(Map<String, String> env, Duration timeout, List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .directory(root().toFile());
        pb.environment().putAll(env);
        String line = String.join(" ", command);
        try {
            Process p = pb.start();
            // read on another thread so that a hung program still times out
            var out = CompletableFuture.supplyAsync(() -> read(p));
            if (!p.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                // helm or Maven's JVM under a wrapper script: kill the whole tree, not just the script
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError(line + " did not end within " + timeout);
            }
            String output = out.join();
            if (p.exitValue() != 0) {
                throw new AssertionError(line + " failed (exit " + p.exitValue() + "):\n" + output);
            }
            return output;
        } catch (IOException e) {
            throw new AssertionError("cannot run " + line, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    static String run(String... command) {
        return run(Map.of(), Duration.ofMinutes(2), List.of(command));
    }

    private static String read(Process p) {
        try {
            return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(output unreadable: " + e + ")";
        }
    }

    /** The root of this checkout. */
    static Path root() {
        return BuiltTools.e2eDir().getParent();
    }
}
