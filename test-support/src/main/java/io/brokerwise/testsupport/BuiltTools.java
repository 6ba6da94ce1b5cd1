package io.brokerwise.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The programs {@code e2e/cluster build} makes from the Go module proxy, one Go module each under
 * {@code e2e/tools/}: where they are cached, and their versions. A program's version is the one its go.mod
 * requires, the one source that the scripts ({@code e2e/lib/common.sh}) and these tests both read, so a
 * new Kubernetes is one edit of {@code e2e/tools/kubernetes/go.mod}.
 */
public final class BuiltTools {

    private BuiltTools() {
    }

    /** The Kubernetes release built and run, as its git version says it, e.g. {@code v1.34.4}. */
    public static String kubernetesVersion() {
        return required("kubernetes", "k8s.io/kubernetes");
    }

    /** The helm binary built, run on the chart in charts/. */
    public static Path helm() {
        return cache().resolve("bin").resolve("helm-" + required("helm", "helm.sh/helm/v3")).resolve("helm");
    }

    /**
     * The prometheus-operator's CRDs of PodMonitor, ServiceMonitor and PrometheusRule, as its release ships them, which
     * {@code e2e/cluster build api} fetches: a folder of their YAML files.
     */
    public static Path monitoringCrds() {
        return cache().resolve("crds").resolve("prometheus-operator-"
                + required("prometheus-operator", "github.com/prometheus-operator/prometheus-operator"));
    }

    /** The Brokerwise cache the scripts build into: BROKERWISE_CACHE, else ~/.cache/brokerwise. */
    public static Path cache() {
        String cache = System.getProperty("brokerwise.cache", System.getenv("BROKERWISE_CACHE"));
        return cache == null || cache.isBlank()
                ? Path.of(System.getProperty("user.home"), ".cache", "brokerwise")
                : Path.of(cache);
    }

    /**
     * The e2e/ directory of this checkout: Surefire runs tests with the module as base directory;
     * a module elsewhere in the build can set {@code brokerwise.e2e.dir}.
     */
    public static Path e2eDir() {
        String explicit = System.getProperty("brokerwise.e2e.dir");
        if (explicit != null) {
            return Path.of(explicit);
        }
        Path base = Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath();
        for (Path p = base; p != null; p = p.getParent()) {
            if (Files.isExecutable(p.resolve("e2e/cluster"))) {
                return p.resolve("e2e");
            }
            if (Files.isExecutable(p.resolve("cluster")) && p.getFileName().toString().equals("e2e")) {
                return p;
            }
        }
        return base.resolve("e2e");
    }

    /** The version of {@code module} that the go.mod of {@code tool} requires on a line of its own. */
    static String required(String tool, String module) {
        Path goMod = e2eDir().resolve("tools").resolve(tool).resolve("go.mod");
        try {
            return requiredIn(Files.readString(goMod), module).orElseThrow(() -> new IllegalStateException(
                    goMod + " has no line `require " + module + " <version>`"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + goMod, e);
        }
    }

    static Optional<String> requiredIn(String goMod, String module) {
        return goMod.lines().map(String::trim).map(line -> line.split("\\s+"))
                .filter(words -> words.length == 3 && words[0].equals("require") && words[1].equals(module))
                .map(words -> words[2]).findFirst();
    }
}
