package io.brokerwise.testsupport;

import io.fabric8.kubernetes.client.KubernetesClient;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/** Starts a {@link LocalApiServer} per test class and injects a client for it. */
public final class LocalApiServerExtension implements BeforeAllCallback, AfterAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(LocalApiServerExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        LocalApiServer server = LocalApiServer.start();
        context.getStore(NS).put("server", server);
        context.getStore(NS).put("client", server.client());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        KubernetesClient client = context.getStore(NS).remove("client", KubernetesClient.class);
        if (client != null) {
            client.close();
        }
        LocalApiServer server = context.getStore(NS).remove("server", LocalApiServer.class);
        if (server != null) {
            server.close();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == KubernetesClient.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getStore(NS).get("client", KubernetesClient.class);
    }
}
