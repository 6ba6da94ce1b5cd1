package io.brokerwise.operator;

import io.brokerwise.testsupport.LocalApiServer;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * Runs the operator under test against a real kube-apiserver and etcd (kube-api-test with the binaries
 * e2e builds from source), with the checked-in CRDs installed and as the Helm chart's ServiceAccount:
 * the chart's rendered RBAC is applied and the operator's client impersonates that account, so any
 * permission the operator needs and the chart does not grant fails the tests. The API server has no
 * controllers and no kubelet, so tests create Nodes and mark Pods Ready themselves, through
 * {@link #adminClient()}.
 */
public class LocalApiServerResource implements QuarkusTestResourceLifecycleManager {

    private static final Set<String> RBAC_KINDS = Set.of("ServiceAccount", "ClusterRole", "ClusterRoleBinding", "Role",
            "RoleBinding");
    private static LocalApiServer server;

    @Override
    public Map<String, String> start() {
        server = LocalApiServer.start();
        try (KubernetesClient admin = adminClient()) {
            Crds.install(admin);
            admin.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(Helm.NAMESPACE).endMetadata()
                    .build()).create();
            for (HasMetadata o : ChartTest.parse(Helm.template())) {
                if (RBAC_KINDS.contains(o.getKind())) {
                    admin.resource(o).inNamespace(Helm.NAMESPACE).create();
                }
            }
            Path kubeconfig = Files.createTempFile("brokerwise-test", ".kubeconfig");
            Files.writeString(kubeconfig, server.kubeconfigYaml());
            // the Fabric8 client the operator builds reads these before any other configuration
            System.setProperty("kubeconfig", kubeconfig.toString());
            System.setProperty(Config.KUBERNETES_IMPERSONATE_USERNAME,
                    "system:serviceaccount:" + Helm.NAMESPACE + ":" + Helm.SERVICE_ACCOUNT);
        } catch (Exception e) {
            throw new IllegalStateException("could not prepare the API server for the operator: " + e.getMessage(), e);
        }
        return Map.of();
    }

    /** A cluster-admin client for the tests' own setup and checks (never impersonating). */
    static KubernetesClient adminClient() {
        Config config = Config.fromKubeconfig(server.kubeconfigYaml());
        config.setImpersonateUsername(null);
        return new KubernetesClientBuilder().withConfig(config).build();
    }

    @Override
    public void stop() {
        System.clearProperty(Config.KUBERNETES_IMPERSONATE_USERNAME);
        if (server != null) {
            server.close();
        }
    }
}
