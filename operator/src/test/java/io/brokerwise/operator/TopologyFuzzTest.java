package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerwise.api.planning.FuzzedManifests;
import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.v1alpha1.PlacementSpec;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.operator.topology.PubSubTopologyReconciler;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.StatusCause;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The CLI's malformed and edge-case manifests ({@link FuzzedManifests}) applied to the real API server with the
 * operator running: each is refused by the CRD with a message naming a field, or accepted and given a Valid
 * condition with a reason. Meanwhile the operator keeps serving a healthy topology, and the reconcile passes of every
 * fuzzed topology (JOSDK's per-resource counter) stay few once they settle: no busy loop. Bounded: a fixed number
 * of cases, each applied once.
 */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class TopologyFuzzTest {

    static final int CASES = 100;
    /** Mutations per manifest: two at most, so that more of them get past the CRD to the operator. */
    static final int MUTATIONS = 2;
    static final String NS = "fuzz";
    /** The pool of the test's nodes, which fuzzed placements may select too ({"pool": "brokers"}). */
    static final String POOL = "brokers";
    /**
     * Cases that must reach the API server: the fuzz cuts 5 documents in 100 short and now and then writes a .inf
     * or .nan the reader refuses (of 20,000 samples 5.1% were not a YAML mapping): three quarters leave room for
     * chance.
     */
    static final int MIN_SENT = CASES * 3 / 4;
    /** How long a settled topology is watched for passes nothing asked for: one and a half look-agains. */
    static final Duration QUIET = PubSubTopologyReconciler.APPLY_RETRY.multipliedBy(3).dividedBy(2);
    /**
     * Passes a settled topology may have in {@link #QUIET}: a layout the API server refused is looked at again every
     * {@link PubSubTopologyReconciler#APPLY_RETRY}, which fits in QUIET twice at most, and one more for a pass asked
     * for before QUIET began.
     */
    static final int QUIET_PASSES = (int) Math.ceil((double) QUIET.toMillis()
            / PubSubTopologyReconciler.APPLY_RETRY.toMillis()) + 1;

    private static final Pattern FIELD = Pattern.compile("(spec|metadata|apiVersion|kind)\\b.*", Pattern.DOTALL);

    final KubernetesClient client = LocalApiServerResource.adminClient();

    @Inject
    MeterRegistry meters;

    @Test
    void fuzzedTopologiesAreRefusedNamingAFieldOrGetConditionsWhileTheOperatorServes() throws InterruptedException {
        TestCluster cluster = new TestCluster(client);
        cluster.namespace(NS);
        for (int i = 0; i < 16; i++) {
            // labelled as the default placement selects, so that fuzzed topologies get as far as deploying
            cluster.node(NS + "-node-" + i, Map.of("pool", POOL, PlacementSpec.BROKER_NODE_KEY, "true"));
        }
        PubSubTopology steady = cluster.apply(PubSubTopologyReconcilerTest.topology("steady", NS, POOL, ""));
        cluster.await(steady, "Deployed", "True", "Applied", "12 brokers");

        Map<String, Integer> refusals = new TreeMap<>();
        List<String> accepted = new ArrayList<>();
        List<String> unnamed = new ArrayList<>();
        int notYaml = 0;
        int sent = 0;
        List<FuzzedManifests.Case> cases = FuzzedManifests.cases(MUTATIONS).sampleStream().limit(CASES).toList();
        for (int i = 0; i < cases.size(); i++) {
            Optional<ObjectNode> manifest = firstDocument(cases.get(i).yaml(), "fuzz-" + i);
            if (manifest.isEmpty()) {
                notYaml++; // the CLI's fuzz covers text that is not a YAML mapping; there is nothing to send
                continue;
            }
            sent++;
            try {
                client.raw("/apis/brokerwise.io/v1alpha1/namespaces/" + NS + "/pubsubtopologies", "POST",
                        ManifestReader.mapper().convertValue(manifest.get(), Map.class));
                accepted.add("fuzz-" + i);
            } catch (KubernetesClientException e) {
                String field = refusedField(e);
                if (FIELD.matcher(field).matches()) {
                    refusals.merge(field.replaceAll("\\[\\d+]", "[]").replaceAll(":.*", ""), 1, Integer::sum);
                } else {
                    unnamed.add(e.getStatus().getMessage() + "\n  " + cases.get(i).yaml());
                }
            }
        }
        assertTrue(unnamed.isEmpty(), "refused without naming a field:\n" + String.join("\n", unnamed));
        assertTrue(sent >= MIN_SENT, sent + " of " + cases.size() + " cases reached the API server, " + notYaml
                + " were not a YAML mapping; at least " + MIN_SENT + " must");

        for (String name : accepted) {
            Awaitility.await().atMost(TestCluster.WAIT).alias(name + " has a Valid condition with a reason")
                    .until(() -> valid(name).filter(c -> !c.getReason().isBlank()
                            && ("True".equals(c.getStatus()) || "False".equals(c.getStatus()))).isPresent());
        }
        Map<String, Double> before = passes(accepted);
        Thread.sleep(QUIET.toMillis()); // a counted window: QUIET_PASSES says how many passes fit in it and why
        Map<String, Double> after = passes(accepted);
        for (String name : accepted) {
            assertTrue(before.get(name) > 0, "JOSDK counted no pass of " + name + ": " + meters.find(
                    "operator.sdk.reconciliations.started").counters().stream().map(c -> c.getId().toString()).toList());
            double quietPasses = after.get(name) - before.get(name);
            assertTrue(quietPasses <= QUIET_PASSES, name + " had " + quietPasses + " passes in " + QUIET
                    + " with nothing changing: " + cluster.get(named(name)).getSpec());
        }

        // still serving: a change of the healthy topology is planned and applied
        cluster.merge(steady, "{\"spec\": {\"workload\": {\"messageRatePerPublisher\": 70}}}");
        cluster.await(steady, "Deployed", "True", "Applied", "15 brokers");
        Map<String, Integer> outcomes = new TreeMap<>();
        accepted.forEach(name -> outcomes.merge(reasons(name), 1, Integer::sum));
        System.out.printf("fuzzed topologies: %d cases tried, %d not a YAML mapping, %d refused by the API server, "
                + "%d accepted%nrefusals by field: %s%naccepted by Valid/Planned/Deployed reason: %s%n", cases.size(),
                notYaml, refusals.values().stream().mapToInt(Integer::intValue).sum(), accepted.size(), refusals,
                outcomes);
        assertFalse(accepted.isEmpty() || refusals.isEmpty(), "the cases reach both outcomes");
    }

    /**
     * The first document as a mapping, named in the test's namespace; empty when the text is not YAML, which the
     * reader says as ManifestReader takes it, by a {@link JsonProcessingException} (anything else fails the test).
     */
    private static Optional<ObjectNode> firstDocument(String yaml, String name) {
        try {
            MappingIterator<JsonNode> docs = ManifestReader.mapper().readerFor(JsonNode.class).readValues(yaml);
            if (!docs.hasNextValue() || !(docs.nextValue() instanceof ObjectNode object)) {
                return Optional.empty();
            }
            JsonNode metadata = object.path("metadata");
            ObjectNode named = metadata instanceof ObjectNode m ? m : object.putObject("metadata");
            named.put("name", name).put("namespace", NS);
            return Optional.of(object);
        } catch (JsonProcessingException notYaml) {
            return Optional.empty();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("reading a string failed otherwise than on its YAML", e);
        }
    }

    /**
     * The field the API server names: its first cause's; for an object it could not decode, the Go struct field or
     * the apiVersion or kind it could not match; else the start of its message after the object's name.
     */
    private static String refusedField(KubernetesClientException e) {
        var status = e.getStatus();
        assertTrue(e.getCode() == 422 || e.getCode() == 400, e.getCode() + ": " + e.getMessage());
        if (status.getDetails() != null && status.getDetails().getCauses() != null) {
            Optional<String> field = status.getDetails().getCauses().stream().map(StatusCause::getField)
                    .filter(f -> f != null && !f.isBlank()).findFirst();
            if (field.isPresent()) {
                return field.get();
            }
        }
        String message = status.getMessage();
        var decoding = GO_FIELD.matcher(message);
        if (decoding.find()) {
            // the API server could not decode the object: it names the field as the Go struct's
            return decoding.group(1).replaceFirst("^\\.", "").replaceFirst("^ObjectMeta\\.", "");
        }
        if (message.contains("API version in the data")) {
            return "apiVersion";
        }
        if (message.contains("kind in the data") || message.contains("Kind is not set")
                || message.contains("Object 'Kind' is missing")) {
            return "kind";
        }
        int is = message.indexOf("is invalid: ");
        return is < 0 ? message : message.substring(is + "is invalid: ".length());
    }

    private static final Pattern GO_FIELD = Pattern.compile("Go struct field ([\\w.]+)");

    private Optional<Condition> valid(String name) {
        PubSubTopology t = client.resources(PubSubTopology.class).inNamespace(NS).withName(name).get();
        return t == null || t.getStatus() == null ? Optional.empty()
                : t.getStatus().conditions.stream().filter(c -> "Valid".equals(c.getType())).findFirst();
    }

    /** "Valid/Planned/Deployed" reasons of a topology's conditions. */
    private String reasons(String name) {
        var conditions = client.resources(PubSubTopology.class).inNamespace(NS).withName(name).get().getStatus().conditions;
        return String.join("/", List.of("Valid", "Planned", "Deployed").stream().map(type -> conditions.stream()
                .filter(c -> type.equals(c.getType())).map(Condition::getReason).findFirst().orElse("-")).toList());
    }

    /** JOSDK's count of reconcile passes started, per topology. */
    private Map<String, Double> passes(List<String> names) {
        Map<String, Double> out = new TreeMap<>();
        for (String name : names) {
            out.put(name, meters.find("operator.sdk.reconciliations.started").tag("name", name).tag("namespace", NS)
                    .counters().stream().mapToDouble(Counter::count).sum());
        }
        return out;
    }

    private static PubSubTopology named(String name) {
        PubSubTopology t = new PubSubTopology();
        t.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
        return t;
    }
}
