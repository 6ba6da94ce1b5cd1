package io.brokerwise.e2e;

import io.fabric8.kubernetes.client.KubernetesClient;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives tests a {@link KubernetesClient} for the local cluster, one per test class, closed after
 * it. A missing or unreachable cluster is a failure in {@code beforeAll}, not a skip.
 */
public final class LocalClusterExtension implements BeforeAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(LocalClusterExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        client(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == KubernetesClient.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return client(context);
    }

    private static KubernetesClient client(ExtensionContext context) {
        ExtensionContext.Store store = context.getRoot().getStore(NS);
        return store.getOrComputeIfAbsent("client", k -> new ClosableClient(connect()), ClosableClient.class).client;
    }

    private static KubernetesClient connect() {
        KubernetesClient client = LocalCluster.client();
        try {
            String version = client.getKubernetesVersion().getGitVersion();
            System.out.println("local cluster: Kubernetes " + version + " at " + client.getMasterUrl());
        } catch (RuntimeException e) {
            client.close();
            throw new IllegalStateException("the local cluster does not answer (is `e2e/cluster up` running?): " + e, e);
        }
        return client;
    }

    /** Closed by JUnit when the root context ends. */
    private record ClosableClient(KubernetesClient client)
            implements ExtensionContext.Store.CloseableResource, AutoCloseable {
        @Override
        public void close() {
            client.close();
        }
    }
}
