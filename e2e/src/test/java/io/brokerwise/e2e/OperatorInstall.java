package io.brokerwise.e2e;

import io.brokerwise.testsupport.BuiltTools;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The operator as a user installs it: the chart (charts/brokerwise) with helm into brokerwise-system,
 * with the local cluster's values (the operator pod on the real node), running the operator image under
 * the chart's ServiceAccount. Installed once per test JVM; a release left by an earlier run is upgraded and
 * its pod restarted, so the tests always exercise the image just built (same tag).
 */
final class OperatorInstall {

    static final String NAMESPACE = "brokerwise-system";
    static final String DEPLOYMENT = "brokerwise-operator";
    private static boolean installed;

    private OperatorInstall() {
    }

    static synchronized void ensure(KubernetesClient k8s) {
        if (installed) {
            return;
        }
        Path root = BuiltTools.e2eDir().getParent();
        boolean existed = k8s.apps().deployments().inNamespace(NAMESPACE).withName(DEPLOYMENT).get() != null;
        if (existed) {
            // as docs/operations.md says for an upgrade: Helm installs a chart's CRDs but never upgrades them
            applyCrds(k8s, root.resolve("crds"));
        }
        helm(root, "upgrade", "--install", "brokerwise", root.resolve("charts/brokerwise").toString(),
                "-n", NAMESPACE, "--create-namespace",
                "-f", root.resolve("charts/brokerwise/values-local-cluster.yaml").toString(),
                "--wait", "--timeout", "3m");
        if (existed) {
            k8s.apps().deployments().inNamespace(NAMESPACE).withName(DEPLOYMENT).rolling().restart();
        }
        awaitRolledOut(k8s);
        installed = true;
    }

    /** Waits until the Deployment's pods are all of its current revision and Ready. */
    static void awaitRolledOut(KubernetesClient k8s) {
        try {
            k8s.apps().deployments().inNamespace(NAMESPACE).withName(DEPLOYMENT)
                    .waitUntilCondition(OperatorInstall::rolledOut, 3, TimeUnit.MINUTES);
        } catch (KubernetesClientTimeoutException e) {
            throw new AssertionError("operator not Ready:\n" + Pods.describe(k8s, NAMESPACE), e);
        }
    }

    private static void applyCrds(KubernetesClient k8s, Path dir) {
        try (var files = java.nio.file.Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yml")).toList()) {
                try (var in = java.nio.file.Files.newInputStream(f)) {
                    k8s.load(in).fieldManager("brokerwise-e2e").forceConflicts().serverSideApply();
                }
            }
        } catch (java.io.IOException e) {
            throw new AssertionError("cannot apply the CRDs in " + dir, e);
        }
    }

    /** The operator's logs (its one pod). */
    static String logs(KubernetesClient k8s) {
        return k8s.apps().deployments().inNamespace(NAMESPACE).withName(DEPLOYMENT).getLog();
    }

    private static boolean rolledOut(Deployment d) {
        if (d == null || d.getStatus() == null || d.getStatus().getObservedGeneration() == null) {
            return false;
        }
        var s = d.getStatus();
        int want = d.getSpec().getReplicas();
        return s.getObservedGeneration() >= d.getMetadata().getGeneration()
                && Integer.valueOf(want).equals(s.getUpdatedReplicas())
                && Integer.valueOf(want).equals(s.getReadyReplicas())
                && Integer.valueOf(want).equals(s.getReplicas());
    }

    /** helm from the cache `e2e/cluster build` fills, with the local cluster's kubeconfig. */
    private static void helm(Path root, String... args) {
        List<String> command = new ArrayList<>(List.of(BuiltTools.helm().toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true);
        pb.environment().put("KUBECONFIG", LocalCluster.kubeconfig().orElseThrow().toString());
        try {
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(4, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new AssertionError("helm " + String.join(" ", args) + " failed:\n" + out);
            }
            System.out.println("helm " + args[0] + ":\n" + out);
        } catch (IOException e) {
            throw new AssertionError("cannot run helm (built by e2e/cluster build)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
