package io.brokerwise.api.planning;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Malformed and edge-case PubSubTopology manifests: a valid one with a few fields set to values of the wrong type,
 * huge or tiny numbers, unicode or empty strings, to other enum values (conflicting modes among them), removed
 * (whole sections too), or joined by unknown fields; sometimes with a BrokerProfile it plans with, mutated the same
 * way, a second topology, or the text cut short. Written as YAML flow mappings of raw scalars, so any YAML token
 * reaches the reader, not only what a serializer would write. The CLI's fuzz plans them; the operator's applies them
 * to an API server.
 */
public final class FuzzedManifests {

    /** A manifest and the {@code plan} options it is planned with. */
    public record Case(String yaml, List<String> options) {
        @Override
        public String toString() {
            return "plan " + String.join(" ", options) + "\n" + yaml;
        }
    }

    /** A change to a manifest's tree: set a raw YAML value at a path, or remove the path when value is null. */
    record Mutation(String path, String value) {
    }

    public static final String PROFILE = "fuzz-profile";

    private static final List<String> COUNTS = List.of("1", "2", "3", "8", "100", "1000", "100000", "2147483647",
            "9223372036854775807");
    private static final List<String> RATES = List.of("0.001", "1", "20", "5000", "1e6", "1e-300", "1e300");
    private static final List<String> FRACTIONS = List.of("0.1", "0.5", "0.75", "0.8", "0.9", "0.99", "1e-300",
            "0.9999999999999999");
    private static final List<String> DURATIONS = List.of("1s", "60s", "300s", "750us", "5ms", "0.2s", "0s", "1ms",
            "0.000000001us", "99999999999999999999s", "2m", "1.5m");
    private static final List<String> SECONDS = List.of("0", "1e-9", "6.0e-6", "6.5e-8", "4.0e-6", "0.01", "1e-300",
            "1e300");
    private static final List<String> QUANTITIES = List.of("\"500m\"", "\"1\"", "\"2\"", "1Gi", "384Mi", "\"0\"", "-1",
            "\"1.5\"", "10Ti");

    /** Queues beside the topic: planned, infeasible (no consumers, too slow ones) or refused (bad or shared names). */
    private static final List<String> QUEUES = List.of("[]",
            queues("{\"name\": \"orders\", \"producers\": 10, \"messageRatePerProducer\": 50, \"consumers\": 20}"),
            queues("{\"name\": \"orders\", \"producers\": 40, \"messageRatePerProducer\": 1000, \"consumers\": 80, "
                    + "\"messageRatePerConsumer\": 600, \"selector\": {\"components\": 3}, "
                    + "\"deliveryMode\": \"Persistent\"}"),
            queues("{\"name\": \"audit\", \"producers\": 5, \"messageRatePerProducer\": 10, \"consumers\": 0}"),
            queues("{\"name\": \"slow\", \"producers\": 10, \"messageRatePerProducer\": 100, \"consumers\": 2, "
                    + "\"messageRatePerConsumer\": 10}"),
            queues("{\"name\": \"a\", \"producers\": 1, \"messageRatePerProducer\": 1, \"consumers\": 1, "
                    + "\"messageRatePerConsumer\": 0}"),
            queues("{\"name\": \"fuzz\", \"producers\": 1, \"messageRatePerProducer\": 1, \"consumers\": 1}"),
            queues("{\"name\": \"Orders\", \"producers\": 1, \"messageRatePerProducer\": 1, \"consumers\": 1}"),
            queues("{\"name\": \"q\", \"producers\": 1, \"messageRatePerProducer\": 1e6, \"consumers\": 1}",
                    "{\"name\": \"q\", \"producers\": 1, \"messageRatePerProducer\": 1, \"consumers\": 1}"));

    /** Each field a manifest may have, with values a user might plausibly write there. */
    private static final Map<String, List<String>> TOPOLOGY_FIELDS = fields(
            "apiVersion", List.of("brokerwise.io/v1alpha1", "brokerwise.io/v1", "v1"),
            "kind", List.of("PubSubTopology", "BrokerProfile", "pubsubtopology"),
            "metadata.name", List.of("fuzz", "a", "名前", "ñame-😀", "\"\"", "UPPER", "a.b"),
            "metadata.namespace", List.of("default", "ns"),
            "spec.workload.publishers", COUNTS,
            "spec.workload.messageRatePerPublisher", RATES,
            "spec.workload.subscribers", COUNTS,
            "spec.workload.filtersPerSubscriber", List.of("0", "1", "2", "10", "2147483647"),
            "spec.workload.filter.kind", List.of("ApplicationProperty", "CorrelationId"),
            "spec.workload.filter.components", List.of("1", "2", "5", "2147483647"),
            "spec.workload.filter.distinct", COUNTS,
            "spec.workload.replicationGrade.mean", List.of("0", "1", "4", "400", "800", "1e6", "1e-300", "1e300"),
            "spec.workload.replicationGrade.distribution", List.of("Binomial", "Deterministic", "ScaledBernoulli"),
            "spec.workload.messageSizeBytes", List.of("1", "1024", "1048576", "2147483647"),
            "spec.workload.deliveryMode", List.of("NonPersistent", "Persistent"),
            "spec.queues", QUEUES,
            "spec.profileRef.name", List.of("henjes-activemq", "artemis-2.56-halfcore-nonpersistent", PROFILE, "nosuch"),
            "spec.objectives.maxUtilization", FRACTIONS,
            "spec.objectives.maxNetworkUtilization", FRACTIONS,
            "spec.objectives.waitingTime.quantile", List.of("0.5", "0.99", "0.9999"),
            "spec.objectives.waitingTime.max", DURATIONS,
            "spec.objectives.endToEndLatency", DURATIONS,
            "spec.objectives.recoveryTime", DURATIONS,
            "spec.topology.mode", List.of("Auto", "PSR", "SSR", "Grid"),
            "spec.topology.publisherGroups", List.of("1", "2", "3", "40"),
            "spec.topology.subscriberGroups", List.of("1", "2", "3", "40"),
            "spec.placement.nodeSelector", List.of("{}", "{\"pool\": \"brokers\"}", "{\"ключ\": \"значение\"}"),
            "spec.placement.tolerations", List.of("[]", "[{\"key\": \"k\", \"operator\": \"Exists\"}]",
                    "[{\"operator\": \"Sometimes\"}]"),
            "spec.placement.brokersPerNode", List.of("1", "2", "4"),
            "spec.placement.maxBrokers", List.of("1", "2", "16", "1024", "2147483647"),
            "spec.placement.networkBitsPerSecond", List.of("1e6", "1e9", "1e10", "1e-300", "1e300"),
            "spec.broker.image", List.of("artemis:2.56", "\"\""),
            "spec.broker.cpu", QUANTITIES,
            "spec.broker.memory", QUANTITIES,
            "spec.broker.maxConnections", List.of("2", "10", "1000"),
            "spec.broker.tls.mode", List.of("Generated", "Provided", "Disabled", "Optional"),
            "spec.broker.tls.secretName", List.of("team-tls", "UPPER"),
            "spec.approval", List.of("Automatic", "Manual"),
            "spec.verification.onDeploy", List.of("true", "false"),
            "spec.verification.tolerance", FRACTIONS,
            "spec.verification.duration", DURATIONS,
            "spec.verification.warmup", DURATIONS,
            "spec.verification.repeats", List.of("2", "3", "10"),
            "spec.autoscaling.mode", List.of("\"Off\"", "Off", "Recommend", "Auto"),
            "spec.autoscaling.minBrokers", List.of("1", "2", "4"),
            "spec.autoscaling.maxBrokers", List.of("1", "2", "4", "64"),
            "spec.autoscaling.scaleUpUtilization", FRACTIONS,
            "spec.autoscaling.scaleDownUtilization", FRACTIONS,
            "spec.autoscaling.inhibitionDelay", DURATIONS,
            "spec.autoscaling.window", DURATIONS,
            "spec.autoscaling.declaredIsFloor", List.of("true", "false"));

    private static final Map<String, List<String>> PROFILE_FIELDS = fields(
            "metadata.name", List.of(PROFILE),
            "spec.model", List.of("Linear", "FilterSharing", "SuperLinear", "FilterLength"),
            "spec.parameters.receiveSeconds", SECONDS,
            "spec.parameters.filterSeconds", SECONDS,
            "spec.parameters.dispatchSeconds", SECONDS,
            "spec.parameters.distinctFilterSeconds", SECONDS,
            "spec.parameters.maxOverallRate", RATES,
            "spec.parameters.receiveSecondsPerByte", SECONDS,
            "spec.parameters.dispatchSecondsPerByte", SECONDS,
            "spec.parameters.networkBitsPerSecond", List.of("1e6", "1e10"),
            "spec.parameters.latencyFloorSeconds", SECONDS,
            "spec.parameters.poissonServiceFactor", List.of("1", "1.3", "0", "0.5", "1e300"),
            "spec.parameters.registrationSeconds", SECONDS);

    /** Whole sections, which a mutation may remove or replace. */
    private static final List<String> SECTIONS = List.of("metadata", "spec", "spec.workload", "spec.workload.filter",
            "spec.workload.replicationGrade", "spec.objectives", "spec.objectives.waitingTime", "spec.topology",
            "spec.placement", "spec.broker", "spec.broker.tls", "spec.verification", "spec.autoscaling", "spec.profileRef");

    /** Values of the wrong type or out of any range: numbers at the ends of long and double, YAML's specials. */
    private static final List<String> WILD = List.of("0", "-1", "-0", "0.0", "0.5", "1e-300", "4.9e-324", "1e308",
            "1e400", "-1e308", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
            "18446744073709551616", "2147483647", "2147483648", "-2147483649", ".nan", ".inf", "-.inf", "0x1F", "0o17",
            "1_000", "007", "1e3", "true", "false", "yes", "Off", "null", "~", "[]", "{}", "[1, 2]", "{\"x\": 1}",
            "\"\"", "\" \"", "\"many\"", "\"5 minutes\"", "\"-1s\"", "\"1e400s\"", "\"99999999999999999999999s\"",
            "\"0.000000001us\"", "\"1\"", "\"\\u0000\"", "\"\\t\"", "名前", "ñame-😀", "\"\\ud83d\"", "!!binary aGk=",
            "!!str 5", "&a 5", "'single'");

    private FuzzedManifests() {
    }

    public static Arbitrary<Case> cases() {
        return cases(5);
    }

    /** Cases with at most this many mutations of the topology: fewer, and more of them are accepted. */
    public static Arbitrary<Case> cases(int maxMutations) {
        Arbitrary<List<Mutation>> topology = mutations(TOPOLOGY_FIELDS, true).list().ofMinSize(1).ofMaxSize(maxMutations);
        Arbitrary<List<Mutation>> profile = mutations(PROFILE_FIELDS, false).list().ofMaxSize(3);
        Arbitrary<String> document = Arbitraries.frequency(Tuple.of(80, "one"), Tuple.of(12, "with profile"),
                Tuple.of(3, "two topologies"), Tuple.of(5, "cut"));
        Arbitrary<List<String>> options = Combinators.combine(Arbitraries.of("table", "json", "yaml"),
                Arbitraries.frequency(Tuple.of(90, ""), Tuple.of(10, "0"), Tuple.of(5, "3"), Tuple.of(5, "2147483647")))
                .as((output, max) -> max.isEmpty() ? List.of("-o", output) : List.of("-o", output, "--max-brokers", max));
        return Combinators.combine(topology, profile, document, Arbitraries.integers().between(0, 100), options)
                .as((t, p, doc, cutPercent, opts) -> new Case(text(t, p, doc, cutPercent), opts));
    }

    private static String text(List<Mutation> topology, List<Mutation> profile, String document, int cutPercent) {
        List<Mutation> all = new ArrayList<>(topology);
        if (document.equals("with profile")) {
            all.add(0, new Mutation("spec.profileRef.name", PROFILE));
        }
        String text = flow(mutated(baseTopology(), all));
        switch (document) {
            case "with profile" -> text += "\n---\n" + flow(mutated(baseProfile(), profile));
            case "two topologies" -> text += "\n---\n" + text;
            case "cut" -> text = text.substring(0, text.length() * cutPercent / 100);
            default -> { }
        }
        return text + "\n";
    }

    private static Arbitrary<Mutation> mutations(Map<String, List<String>> fields, boolean sections) {
        List<String> paths = new ArrayList<>(fields.keySet());
        Arbitrary<Mutation> set = Arbitraries.of(paths).flatMap(path -> value(fields.get(path)).map(v -> new Mutation(path, v)));
        Arbitrary<Mutation> remove = Arbitraries.of(sections ? concat(paths, SECTIONS) : paths).map(p -> new Mutation(p, null));
        Arbitrary<Mutation> replaceSection = Combinators.combine(Arbitraries.of(sections ? SECTIONS : List.of("spec")),
                Arbitraries.of(WILD)).as(Mutation::new);
        Arbitrary<Mutation> unknown = Combinators.combine(Arbitraries.of(sections ? SECTIONS : List.of("spec")),
                        Arbitraries.oneOf(Arbitraries.of("publisher", "replicas", "mode", "名前", "ключ", "😀"),
                                Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(12)),
                        Arbitraries.of(WILD))
                .as((section, key, value) -> new Mutation(section + "." + key, value));
        return Arbitraries.frequencyOf(Tuple.of(80, set), Tuple.of(10, remove), Tuple.of(4, replaceSection),
                Tuple.of(6, unknown));
    }

    /** A plausible value for the field, or a wild one: any number, any string. */
    private static Arbitrary<String> value(List<String> plausible) {
        return Arbitraries.frequencyOf(
                Tuple.of(65, Arbitraries.of(plausible)),
                Tuple.of(15, Arbitraries.of(WILD)),
                Tuple.of(8, Arbitraries.longs().map(String::valueOf)),
                Tuple.of(8, Arbitraries.doubles().map(String::valueOf)),
                Tuple.of(4, Arbitraries.strings().all().ofMaxLength(300).map(FuzzedManifests::quoted)));
    }

    private static Map<String, Object> baseTopology() {
        return tree("""
                apiVersion=brokerwise.io/v1alpha1
                kind=PubSubTopology
                metadata.name=fuzz
                metadata.namespace=default
                spec.workload.publishers=100
                spec.workload.messageRatePerPublisher=20
                spec.workload.subscribers=400
                spec.workload.filtersPerSubscriber=2
                spec.workload.filter.kind=ApplicationProperty
                spec.workload.replicationGrade.mean=4
                spec.workload.replicationGrade.distribution=Binomial
                spec.workload.messageSizeBytes=1024
                spec.objectives.maxUtilization=0.8
                spec.objectives.waitingTime.quantile=0.99
                spec.objectives.waitingTime.max=5ms
                spec.topology.mode=Auto
                spec.placement.maxBrokers=16
                spec.broker.cpu="1"
                spec.broker.memory=1Gi
                """);
    }

    private static Map<String, Object> baseProfile() {
        return tree("""
                apiVersion=brokerwise.io/v1alpha1
                kind=BrokerProfile
                metadata.name=%s
                spec.model=Linear
                spec.parameters.receiveSeconds=6.0e-6
                spec.parameters.filterSeconds=6.5e-8
                spec.parameters.dispatchSeconds=4.0e-6
                """.formatted(PROFILE));
    }

    private static Map<String, Object> tree(String lines) {
        Map<String, Object> root = new LinkedHashMap<>();
        lines.lines().forEach(line -> set(root, line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1)));
        return root;
    }

    private static Map<String, Object> mutated(Map<String, Object> tree, List<Mutation> mutations) {
        mutations.forEach(m -> set(tree, m.path(), m.value()));
        return tree;
    }

    /** Sets (or with null, removes) a value, making the maps on its way, replacing what is not a map there. */
    @SuppressWarnings("unchecked")
    private static void set(Map<String, Object> root, String path, String value) {
        String[] keys = path.split("\\.");
        Map<String, Object> node = root;
        for (int i = 0; i < keys.length - 1; i++) {
            Object next = node.get(keys[i]);
            if (!(next instanceof Map)) {
                if (value == null) {
                    return;
                }
                next = new LinkedHashMap<String, Object>();
                node.put(keys[i], next);
            }
            node = (Map<String, Object>) next;
        }
        if (value == null) {
            node.remove(keys[keys.length - 1]);
        } else {
            node.put(keys[keys.length - 1], value);
        }
    }

    /** The tree as one YAML flow mapping: keys quoted, values as raw tokens. */
    @SuppressWarnings("unchecked")
    private static String flow(Object node) {
        if (node instanceof Map<?, ?> map) {
            return ((Map<String, Object>) map).entrySet().stream()
                    .map(e -> quoted(e.getKey()) + ": " + flow(e.getValue()))
                    .collect(Collectors.joining(", ", "{", "}"));
        }
        return node.toString();
    }

    /** A YAML double-quoted scalar; everything outside printable ASCII escaped, lone surrogates too. */
    static String quoted(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    /** A YAML flow sequence of these flow mappings. */
    private static String queues(String... queues) {
        return "[" + String.join(", ", queues) + "]";
    }

    private static Map<String, List<String>> fields(Object... pathsAndValues) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (int i = 0; i < pathsAndValues.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<String> values = (List<String>) pathsAndValues[i + 1];
            out.put((String) pathsAndValues[i], values);
        }
        return out;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
