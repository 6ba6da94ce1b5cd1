package io.brokerwise.operator;

import io.brokerwise.testsupport.LocalApiServer;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Runs the operator under test against a real kube-apiserver and etcd (kube-api-test with the binaries
 * e2e builds from source), with the checked-in CRDs installed and as the Helm chart installs it: the
 * chart's rendered RBAC is applied and the operator's client impersonates its ServiceAccount, so any
 * permission the operator needs and the chart does not grant fails the tests; and the operator reads the
 * configuration the chart's Deployment gives it by default. The API server has no
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
            return chartConfiguration(ChartTest.operatorDeployment());
        } catch (Exception e) {
            throw new IllegalStateException("could not prepare the API server for the operator: " + e.getMessage(), e);
        }
    }

    /**
     * The operator's configuration from the environment the chart's Deployment sets to a value (the rest
     * come from the pod, such as its namespace), each under the property name Quarkus maps the variable to.
     */
    static Map<String, String> chartConfiguration(Deployment operator) {
        return operator.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().stream()
                .filter(e -> e.getValue() != null)
                .collect(Collectors.toMap(e -> e.getName().toLowerCase(Locale.ROOT).replace('_', '.'), EnvVar::getValue));
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
