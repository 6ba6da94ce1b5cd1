package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.testsupport.BuiltTools;
import io.brokerwise.testsupport.LocalApiServerExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.FieldValidateable.Validation;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The chart's monitors on a real kube-apiserver with the prometheus-operator's own CRDs installed, as its release
 * ships them ({@code e2e/cluster build api} fetches them from the Go module proxy): the rendered PodMonitor and
 * PrometheusRule are accepted under strict field validation and stored as rendered, nothing pruned; and a monitor
 * that breaks the schema is refused naming the field, so the check is the real schema's.
 */
@Tag("kube-api")
@ExtendWith(LocalApiServerExtension.class)
class MonitorsOnApiServerTest {

    private static final String GROUP = "monitoring.coreos.com";

    @BeforeAll
    static void installTheMonitoringCrds(KubernetesClient client) throws IOException {
        try (Stream<Path> files = Files.list(BuiltTools.monitoringCrds())) {
            for (Path f : files.toList()) {
                try (InputStream in = Files.newInputStream(f)) {
                    client.load(in).serverSideApply();
                }
            }
        }
        Awaitility.await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
            client.genericKubernetesResources(GROUP + "/v1", "PodMonitor").inAnyNamespace().list();
            client.genericKubernetesResources(GROUP + "/v1", "PrometheusRule").inAnyNamespace().list();
            return true;
        });
        client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(Helm.NAMESPACE).endMetadata()
                .build()).create();
    }

    @Test
    void theRenderedPodMonitorAndPrometheusRuleAreStoredAsRendered(KubernetesClient client) throws Exception {
        List<GenericKubernetesResource> rendered = ChartTest.parse(Helm.template(
                "--api-versions", GROUP + "/v1/PodMonitor", "--api-versions", GROUP + "/v1/PrometheusRule",
                "--set", "monitoring.podMonitor.enabled=true", "--set", "monitoring.prometheusRule.enabled=true"))
                .stream().filter(o -> o.getApiVersion().startsWith(GROUP + "/"))
                .map(GenericKubernetesResource.class::cast).toList();
        assertEquals(List.of("PodMonitor", "PrometheusRule"), rendered.stream().map(o -> o.getKind()).sorted().toList());
        for (GenericKubernetesResource monitor : rendered) {
            GenericKubernetesResource stored = client.resource(monitor).inNamespace(Helm.NAMESPACE)
                    .fieldValidation(Validation.STRICT).create();
            assertEquals(spec(monitor), spec(stored), monitor.getKind() + ": the API server kept every field");
        }
    }

    /** Each is one field away from the rendered PodMonitor or PrometheusRule, which the test above shows valid. */
    @Test
    void aMonitorThatBreaksTheSchemaIsRefusedNamingTheField(KubernetesClient client) {
        Map<String, String> refusals = Map.of(
                podMonitor("scheme: ftp"), "spec.podMetricsEndpoints[0].scheme",
                podMonitor("scrapeEvery: 30s"), "spec.podMetricsEndpoints[0].scrapeEvery",
                """
                apiVersion: monitoring.coreos.com/v1
                kind: PrometheusRule
                metadata: {name: slow}
                spec:
                  groups:
                    - name: brokerwise
                      rules:
                        - {alert: Slow, expr: up == 0, for: ten minutes}
                """, "spec.groups[0].rules[0].for");
        refusals.forEach((yaml, field) -> {
            var e = assertThrows(KubernetesClientException.class, () -> client.resource(
                    Serialization.unmarshal(yaml, GenericKubernetesResource.class)).inNamespace(Helm.NAMESPACE)
                    .fieldValidation(Validation.STRICT).create(), yaml);
            assertTrue(e.getCode() == 422 || e.getCode() == 400, e.getCode() + ": " + e.getMessage());
            assertTrue(e.getMessage().contains(field), field + " named in: " + e.getMessage());
        });
    }

    private static String podMonitor(String endpointField) {
        return """
                apiVersion: monitoring.coreos.com/v1
                kind: PodMonitor
                metadata: {name: broken}
                spec:
                  selector: {matchLabels: {app: brokerwise}}
                  podMetricsEndpoints:
                    - {port: http, path: /q/metrics, %s}
                """.formatted(endpointField);
    }

    private static Object spec(GenericKubernetesResource r) {
        return r.getAdditionalProperties().get("spec");
    }
}
