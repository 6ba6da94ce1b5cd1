package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerwise.testsupport.BuiltTools;
import io.brokerwise.testsupport.LocalApiServerTest;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/** The light mode: kube-api-test runs the locally built API server and etcd, offline. */
@LocalApiServerTest
@Order(3)
class LocalApiServerSmokeTest {

    @Test
    void servesTheLocallyBuiltVersion(KubernetesClient k8s) {
        assertEquals(BuiltTools.kubernetesVersion(), k8s.getKubernetesVersion().getGitVersion());
        ConfigMap created = k8s.configMaps().inNamespace("default").resource(new ConfigMapBuilder()
                .withNewMetadata().withName("smoke").endMetadata().addToData("k", "v").build()).create();
        assertEquals("v", k8s.configMaps().inNamespace("default").withName("smoke").get().getData().get("k"));
        assertEquals("smoke", created.getMetadata().getName());
    }
}
