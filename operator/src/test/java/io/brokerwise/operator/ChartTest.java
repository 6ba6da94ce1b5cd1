package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.brokerwise.operator.dependent.BrokerNetworkPolicy;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The Helm chart lints, renders what an install needs, and carries exactly the generated CRDs. */
@Tag("kube-api")
class ChartTest {

    @Test
    void lints() throws Exception {
        Helm.Result lint = Helm.run("lint", "--strict", Helm.CHART.toString());
        assertEquals(0, lint.exitCode(), lint.output());
    }

    @Test
    void rendersTheOperatorWithLeastPrivilegeAndTheCrds() throws Exception {
        List<HasMetadata> objects = parse(Helm.template("--include-crds"));
        Map<String, List<String>> byKind = objects.stream().collect(Collectors.groupingBy(HasMetadata::getKind,
                Collectors.mapping(o -> o.getMetadata().getName(), Collectors.toList())));
        for (String kind : new String[] {"ServiceAccount", "ClusterRole", "ClusterRoleBinding", "Role", "RoleBinding",
            "Deployment", "Service", "CustomResourceDefinition"}) {
            assertTrue(byKind.containsKey(kind), "rendered chart lacks a " + kind + ": " + byKind.keySet());
        }
        assertEquals(List.of("benchmarkruns.brokerwise.io", "brokerprofiles.brokerwise.io", "pubsubtopologies.brokerwise.io"),
                byKind.get("CustomResourceDefinition").stream().sorted().toList());
        String clusterRole = Helm.template().lines().collect(Collectors.joining("\n"));
        assertTrue(!clusterRole.contains("'*'") && !clusterRole.contains("\"*\"") && !clusterRole.contains("- '*'"),
                "no wildcard verbs or resources");
        // the Role of a run's client pods grants what the operator holds itself, never more: it cannot escalate
        assertTrue(clusterRole.lines().filter(l -> l.strip().startsWith("verbs:"))
                .noneMatch(l -> l.matches(".*\\b(escalate|bind|impersonate)\\b.*")), clusterRole);
        try (var crds = Files.list(Path.of("../crds"))) {
            assertEquals(3, crds.count(), "the chart's crds/ is the generated crds/ (a link, not a copy)");
        }
        assertTrue(Files.isSymbolicLink(Helm.CHART.resolve("crds")));
    }

    /** The brokers' NetworkPolicies let in the operator's pods by their label and namespace: the chart sets both. */
    @Test
    void theOperatorPodsAreWhatTheBrokersPoliciesLetIn() throws Exception {
        var pod = operatorDeployment().getSpec().getTemplate();
        assertTrue(pod.getMetadata().getLabels().entrySet().containsAll(BrokerNetworkPolicy.OPERATOR_POD.entrySet()),
                pod.getMetadata().getLabels().toString());
        var namespace = pod.getSpec().getContainers().get(0).getEnv().stream()
                .filter(e -> "BROKERWISE_OPERATOR_NAMESPACE".equals(e.getName())).findFirst().orElseThrow();
        assertEquals("metadata.namespace", namespace.getValueFrom().getFieldRef().getFieldPath());
    }

    /**
     * The operator's image and the broker and benchmark images it passes on all come from the registry value,
     * each with its own repository and tag; by default the names the local cluster's images carry.
     */
    @Test
    void everyImageComesFromTheRegistryValue() throws Exception {
        assertEquals(List.of("brokerwise.io/operator:0.1.0", "brokerwise.io/artemis:2.56.0", "brokerwise.io/bench:0.1.0"),
                images(operatorDeployment()));
        assertEquals(List.of("registry.example:5000/brokerwise/operator:0.2.0",
                "registry.example:5000/brokerwise/artemis:2.57.0", "registry.example:5000/brokerwise/bench:0.1.0"),
                images(operatorDeployment("--set", "registry=registry.example:5000/brokerwise/",
                        "--set", "image.tag=0.2.0", "--set", "brokerImage.tag=2.57.0")));
    }

    /**
     * The PrometheusRule renders only when its value is on and the API server serves the kind, and carries the
     * rules file's groups unchanged: one source for both.
     */
    @Test
    void thePrometheusRuleIsTheRulesFileBehindItsValueWhereTheKindIsServed() throws Exception {
        String served = "monitoring.coreos.com/v1/PrometheusRule";
        assertTrue(kinds(Helm.template("--api-versions", served)).stream().noneMatch("PrometheusRule"::equals),
                "off by default");
        assertTrue(kinds(Helm.template("--set", "monitoring.prometheusRule.enabled=true")).stream()
                .noneMatch("PrometheusRule"::equals), "not where the API server does not serve the kind");
        HasMetadata rule = parse(Helm.template("--api-versions", served, "--set", "monitoring.prometheusRule.enabled=true",
                "--set", "monitoring.prometheusRule.labels.release=prometheus")).stream()
                .filter(o -> "PrometheusRule".equals(o.getKind())).findFirst().orElseThrow();
        assertEquals("prometheus", rule.getMetadata().getLabels().get("release"));
        Object groups = ((GenericKubernetesResource) rule).getAdditionalProperties().get("spec");
        Map<?, ?> file = Serialization.unmarshal(Files.readString(AlertRulesTest.RULES), Map.class);
        assertEquals(file.get("groups"), ((Map<?, ?>) groups).get("groups"));
    }

    /** The operator's PodMonitor, behind its value where the kind is served, scrapes the operator's metrics port. */
    @Test
    void thePodMonitorScrapesTheOperatorBehindItsValueWhereTheKindIsServed() throws Exception {
        String served = "monitoring.coreos.com/v1/PodMonitor";
        assertTrue(kinds(Helm.template("--api-versions", served)).stream().noneMatch("PodMonitor"::equals));
        assertTrue(kinds(Helm.template("--set", "monitoring.podMonitor.enabled=true")).stream()
                .noneMatch("PodMonitor"::equals));
        GenericKubernetesResource monitor = (GenericKubernetesResource) parse(Helm.template("--api-versions", served,
                "--set", "monitoring.podMonitor.enabled=true")).stream().filter(o -> "PodMonitor".equals(o.getKind()))
                .findFirst().orElseThrow();
        Map<?, ?> spec = (Map<?, ?>) monitor.getAdditionalProperties().get("spec");
        assertEquals(operatorDeployment().getSpec().getSelector().getMatchLabels(),
                ((Map<?, ?>) spec.get("selector")).get("matchLabels"), "it selects the operator's pods");
        assertEquals(List.of(Map.of("port", "http", "path", "/q/metrics")), spec.get("podMetricsEndpoints"));
    }

    /** values.schema.json refuses a mistyped or out-of-range value, naming it. */
    @Test
    void aMistypedValueIsRefusedByTheSchemaNamingIt() throws Exception {
        Helm.Result typo = Helm.run("template", "brokerwise", Helm.CHART.toString(),
                "--set", "monitoring.prometheusRule.enabeld=true");
        assertTrue(typo.exitCode() != 0 && typo.output().contains("'enabeld' not allowed"), typo.output());
        Helm.Result pullPolicy = Helm.run("template", "brokerwise", Helm.CHART.toString(),
                "--set", "image.pullPolicy=Sometimes");
        assertTrue(pullPolicy.exitCode() != 0 && pullPolicy.output().contains("/image/pullPolicy"), pullPolicy.output());
        Helm.Result localCluster = Helm.run("lint", "--strict", Helm.CHART.toString(), "-f",
                Helm.CHART.resolve("values-local-cluster.yaml").toString());
        assertEquals(0, localCluster.exitCode(), localCluster.output());
    }

    private static List<String> kinds(String yaml) {
        return parse(yaml).stream().map(HasMetadata::getKind).toList();
    }

    /** The operator's image, then the broker and benchmark images its environment names. */
    private static List<String> images(Deployment operator) {
        var container = operator.getSpec().getTemplate().getSpec().getContainers().get(0);
        var env = LocalApiServerResource.chartConfiguration(operator);
        return List.of(container.getImage(), env.get("brokerwise.broker.image"), env.get("brokerwise.benchmark.image"));
    }

    static Deployment operatorDeployment(String... values) throws Exception {
        return parse(Helm.template(values)).stream().filter(o -> "Deployment".equals(o.getKind()))
                .map(o -> Serialization.unmarshal(Serialization.asYaml(o), Deployment.class)).findFirst().orElseThrow();
    }

    /** Every object of a multi-document YAML stream such as helm template prints. */
    static List<HasMetadata> parse(String yaml) {
        return java.util.Arrays.stream(yaml.split("(?m)^---\\s*$"))
                .filter(doc -> doc.lines().anyMatch(l -> l.startsWith("kind:")))
                .map(doc -> (HasMetadata) Serialization.unmarshal(doc, GenericKubernetesResource.class))
                .toList();
    }
}
