package io.brokerwise.operator;

import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.awaitility.Awaitility;

/** Installs the checked-in CRDs and waits until the API server serves them. */
final class Crds {

    private Crds() {
    }

    static void install(KubernetesClient client) throws IOException {
        try (Stream<Path> files = Files.list(Path.of("../crds"))) {
            for (Path f : files.toList()) {
                try (var in = new FileInputStream(f.toFile())) {
                    client.load(in).serverSideApply();
                }
            }
        }
        awaitEstablished(client);
    }

    /** Established, and served: a CRD can be Established a moment before its resources can be listed. */
    static void awaitEstablished(KubernetesClient client) {
        Awaitility.await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
            boolean established = client.apiextensions().v1().customResourceDefinitions().list().getItems().stream()
                    .filter(c -> c.getSpec().getGroup().equals("brokerwise.io"))
                    .allMatch(Crds::established);
            client.resources(PubSubTopology.class).inAnyNamespace().list();
            client.resources(BrokerProfile.class).inAnyNamespace().list();
            return established;
        });
    }

    private static boolean established(CustomResourceDefinition crd) {
        return crd.getStatus() != null && crd.getStatus().getConditions().stream()
                .anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus()));
    }
}
