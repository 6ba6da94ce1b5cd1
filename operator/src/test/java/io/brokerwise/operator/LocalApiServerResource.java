package io.brokerwise.operator;

import io.brokerwise.e2e.LocalApiServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Runs the operator under test against a real kube-apiserver and etcd (kube-api-test with the binaries
 * e2e builds from source) with the checked-in CRDs installed. It has no controllers and no kubelet, so
 * tests create Nodes and mark Pods Ready themselves.
 */
public class LocalApiServerResource implements QuarkusTestResourceLifecycleManager {

    private LocalApiServer server;

    @Override
    public Map<String, String> start() {
        server = LocalApiServer.start();
        try (var client = server.client()) {
            Crds.install(client);
            Path kubeconfig = Files.createTempFile("brokerwise-test", ".kubeconfig");
            Files.writeString(kubeconfig, server.kubeconfigYaml());
            // the Fabric8 client the operator builds reads this before any other configuration
            System.setProperty("kubeconfig", kubeconfig.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.of();
    }

    @Override
    public void stop() {
        if (server != null) {
            server.close();
        }
    }
}
