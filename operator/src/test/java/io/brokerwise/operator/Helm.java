package io.brokerwise.operator;

import io.brokerwise.testsupport.BuiltTools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The helm binary e2e/cluster build makes from the Go module proxy, run on the chart in charts/. */
final class Helm {

    static final Path CHART = Path.of("../charts/brokerwise");
    static final String NAMESPACE = "brokerwise-system";
    static final String SERVICE_ACCOUNT = "brokerwise-operator";

    record Result(int exitCode, String output) {
    }

    private Helm() {
    }

    static Result run(String... args) throws IOException, InterruptedException {
        Path helm = BuiltTools.helm();
        if (!Files.isExecutable(helm)) {
            throw new IllegalStateException("no helm at " + helm + ": run `e2e/cluster build` first");
        }
        List<String> command = new ArrayList<>(List.of(helm.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("helm " + String.join(" ", args) + " did not finish");
        }
        return new Result(p.exitValue(), out);
    }

    /** The chart rendered as the operator's namespace would install it. */
    static String template(String... extra) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("template", "brokerwise", CHART.toString(), "--namespace", NAMESPACE));
        args.addAll(List.of(extra));
        Result r = run(args.toArray(String[]::new));
        if (r.exitCode() != 0) {
            throw new IllegalStateException("helm template failed: " + r.output());
        }
        return r.output();
    }
}
