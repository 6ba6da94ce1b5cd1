package io.brokerwise.testsupport;

import io.fabric8.kubeapitest.KubeAPIServer;
import io.fabric8.kubeapitest.KubeAPIServerConfigBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A bare kube-apiserver and etcd (no nodes, no controllers) for fast integration tests, run by
 * Fabric8's kube-api-test in offline mode from the binaries {@code e2e/cluster build} made from
 * source: it never downloads anything. The binaries sit where kube-api-test looks for them:
 * {@code <cache>/kube-api-test/k8s/<version>-linux-amd64/}, of {@link BuiltTools#kubernetesVersion()}.
 */
public final class LocalApiServer implements AutoCloseable {

    private final KubeAPIServer server;

    private LocalApiServer(KubeAPIServer server) {
        this.server = server;
    }

    /** Starts a fresh API server; fails with the command to run if the binaries are missing. */
    public static LocalApiServer start() {
        Path dir = BuiltTools.cache().resolve("kube-api-test");
        String version = BuiltTools.kubernetesVersion().substring(1); // kube-api-test names it without the v
        Path binaries = dir.resolve("k8s").resolve(version + "-linux-amd64");
        if (!Files.isExecutable(binaries.resolve("kube-apiserver"))) {
            throw new IllegalStateException("no kube-apiserver in " + binaries + ": run `e2e/cluster build` first");
        }
        KubeAPIServer server = new KubeAPIServer(KubeAPIServerConfigBuilder.anAPIServerConfig()
                .withTestDir(dir.toString())
                .withApiServerVersion(version)
                .withOfflineMode(true)
                // Leave ~/.kube/config alone; clients get the configuration from kubeconfigYaml().
                .withUpdateKubeConfig(false)
                .withApiServerFlag("--bind-address", "127.0.0.1")
                .build());
        server.start();
        return new LocalApiServer(server);
    }

    public String kubeconfigYaml() {
        return server.getKubeConfigYaml();
    }

    public KubernetesClient client() {
        return new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(kubeconfigYaml())).build();
    }

    @Override
    public void close() {
        server.stop();
    }
}
