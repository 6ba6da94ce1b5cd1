package io.brokerwise.e2e;

import io.brokerwise.testsupport.BuiltTools;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
        upgrade();
        if (existed) {
            k8s.apps().deployments().inNamespace(NAMESPACE).withName(DEPLOYMENT).rolling().restart();
        }
        awaitRolledOut(k8s);
        installed = true;
    }

    /**
     * helm upgrade --install of the chart with the local cluster's values and then {@code settings}
     * (helm --set options, e.g. {@code registry=...}), waiting for the release's resources.
     */
    static void upgrade(String... settings) {
        Path root = BuiltTools.e2eDir().getParent();
        List<String> args = new ArrayList<>(List.of("upgrade", "--install", "brokerwise",
                root.resolve("charts/brokerwise").toString(), "-n", NAMESPACE, "--create-namespace",
                "-f", root.resolve("charts/brokerwise/values-local-cluster.yaml").toString()));
        for (String s : settings) {
            args.addAll(List.of("--set", s));
        }
        args.addAll(List.of("--wait", "--timeout", "3m"));
        helm(args.toArray(String[]::new));
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

    /** The operator's pods, a replaced one too while it is still there. */
    static List<Pod> pods(KubernetesClient k8s) {
        return k8s.pods().inNamespace(NAMESPACE).withLabel("app.kubernetes.io/name", DEPLOYMENT).list().getItems();
    }

    /** The operator's pod: the one not being deleted. */
    static Pod pod(KubernetesClient k8s) {
        return pods(k8s).stream().filter(p -> p.getMetadata().getDeletionTimestamp() == null).findFirst()
                .orElseThrow(() -> new AssertionError("no operator pod:\n" + Pods.describe(k8s, NAMESPACE)));
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
    static void helm(String... args) {
        String kubeconfig = LocalCluster.kubeconfig().orElseThrow().toString();
        List<String> command = new ArrayList<>(List.of(BuiltTools.helm().toString()));
        command.addAll(List.of(args));
        String out = Commands.run(Map.of("KUBECONFIG", kubeconfig), Duration.ofMinutes(4), command);
        System.out.println("helm " + args[0] + ":\n" + out);
    }
}
