package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.testsupport.LocalApiServerExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The checked-in CRDs on a real kube-apiserver (built from source, run by kube-api-test): what
 * {@code kubectl apply} of a bad manifest meets. Every class of bad input is refused with a message
 * naming the field; a valid manifest is accepted and defaulted.
 */
@Tag("kube-api")
@ExtendWith(LocalApiServerExtension.class)
class CrdValidationTest {

    /** A minimal valid manifest; each bad-input case below changes one thing in it. */
    static final String VALID = read("../examples/minimal-topology.yaml");

    @BeforeAll
    static void installCrds(KubernetesClient client) throws IOException {
        Crds.install(client);
    }

    @Test
    void validManifestIsAcceptedAndDefaulted(KubernetesClient client) {
        var created = client.resource(parse(VALID.replace("name: minimal,", "name: valid,"))).create();
        var spec = (java.util.Map<?, ?>) created.getAdditionalProperties().get("spec");
        var workload = (java.util.Map<?, ?>) spec.get("workload");
        assertEquals("NonPersistent", workload.get("deliveryMode"));
        assertEquals("Binomial", ((java.util.Map<?, ?>) workload.get("replicationGrade")).get("distribution"));
        assertEquals("Automatic", spec.get("approval"));
        // a manifest with only the workload lands on the dedicated nodes, labelled and tainted for brokers
        var placement = (java.util.Map<?, ?>) spec.get("placement");
        assertEquals(java.util.Map.of("brokerwise.io/broker-node", "true"), placement.get("nodeSelector"));
        assertEquals(java.util.List.of(java.util.Map.of("key", "brokerwise.io/broker-node", "operator", "Exists",
                "effect", "NoSchedule")), placement.get("tolerations"));
        assertEquals("500m", ((java.util.Map<?, ?>) spec.get("broker")).get("cpu"));
        assertEquals(0.9, ((java.util.Map<?, ?>) spec.get("objectives")).get("maxUtilization"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "negative publishers     | 'publishers: 100'              | 'publishers: -3'                   | spec.workload.publishers",
        "zero rate               | 'messageRatePerPublisher: 20'  | 'messageRatePerPublisher: 0'       | spec.workload.messageRatePerPublisher",
        "missing subscribers     | 'subscribers: 400'             | ''                                 | spec.workload.subscribers: Required value",
        "utilization above 1     | '  workload:'                  | '  objectives: {maxUtilization: 1.5}\\n  workload:' | spec.objectives.maxUtilization",
        "unknown distribution    | 'replicationGrade: {mean: 4}'  | 'replicationGrade: {mean: 4, distribution: Poisson}' | spec.workload.replicationGrade.distribution: Unsupported value",
        "bad duration            | '  workload:'                  | '  objectives: {waitingTime: {max: 5min}}\\n  workload:' | spec.objectives.waitingTime.max",
        "recovery in minutes     | '  workload:'                  | '  objectives: {recoveryTime: 2min}\\n  workload:' | spec.objectives.recoveryTime",
        "end-to-end not a time   | '  workload:'                  | '  objectives: {endToEndLatency: fast}\\n  workload:' | spec.objectives.endToEndLatency",
        "groups in Auto mode     | '  workload:'                  | '  topology: {mode: Auto, publisherGroups: 2}\\n  workload:' | publisherGroups and subscriberGroups need mode PSR, SSR or Grid",
        "Grid without groups     | '  workload:'                  | '  topology: {mode: Grid}\\n  workload:' | mode Grid needs publisherGroups and subscriberGroups",
        "E[R] above m x filters  | 'replicationGrade: {mean: 4}'  | 'replicationGrade: {mean: 900}'    | replicationGrade.mean cannot exceed subscribers times filtersPerSubscriber",
        "zero brokers per node   | '  workload:'                  | '  placement: {brokersPerNode: 0}\\n  workload:' | spec.placement.brokersPerNode",
        "min above max brokers   | '  workload:'                  | '  autoscaling: {minBrokers: 5, maxBrokers: 4}\\n  workload:' | autoscaling.minBrokers must not exceed autoscaling.maxBrokers",
        "scale-down above up     | '  workload:'                  | '  autoscaling: {scaleUpUtilization: 0.7, scaleDownUtilization: 0.8}\\n  workload:' | autoscaling.scaleDownUtilization must be below autoscaling.scaleUpUtilization",
        "scale-down above cap    | '  workload:'                  | '  objectives: {maxUtilization: 0.5}\\n  autoscaling: {scaleDownUtilization: 0.6}\\n  workload:' | autoscaling.scaleDownUtilization must be below autoscaling.scaleUpUtilization",
        "window over delay       | '  workload:'                  | '  autoscaling: {window: 120s, inhibitionDelay: 60s}\\n  workload:' | autoscaling.window must not be longer than autoscaling.inhibitionDelay",
        "scale-up at 1           | '  workload:'                  | '  autoscaling: {scaleUpUtilization: 1}\\n  workload:' | spec.autoscaling.scaleUpUtilization",
        "delay in hours          | '  workload:'                  | '  autoscaling: {inhibitionDelay: 1h}\\n  workload:' | spec.autoscaling.inhibitionDelay",
        "window without a unit   | '  workload:'                  | '  autoscaling: {window: \"60\"}\\n  workload:' | spec.autoscaling.window",
        "window over delay, m    | '  workload:'                  | '  autoscaling: {window: 2m, inhibitionDelay: 90s}\\n  workload:' | autoscaling.window must not be longer than autoscaling.inhibitionDelay",
        "unknown autoscaling mode| '  workload:'                  | '  autoscaling: {mode: On}\\n  workload:' | spec.autoscaling.mode: Unsupported value",
        "Provided without Secret | '  workload:'                  | '  broker: {tls: {mode: Provided}}\\n  workload:' | tls.secretName is required when tls.mode is Provided",
        "Secret without Provided | '  workload:'                  | '  broker: {tls: {secretName: orders-tls}}\\n  workload:' | tls.secretName is only for tls.mode Provided",
        "unknown TLS mode        | '  workload:'                  | '  broker: {tls: {mode: Optional}}\\n  workload:' | spec.broker.tls.mode: Unsupported value",
        "size beyond 32 bits     | '  workload:'                  | '  workload:\\n    messageSizeBytes: 2147483648' | spec.workload.messageSizeBytes: Invalid value",
        "journal below minimum   | '  workload:'                  | '  storage: {size: 100Mi}\\n  workload:' | storage.size must be a quantity of at least 256Mi",
        "journal size not bytes  | '  workload:'                  | '  storage: {size: lots}\\n  workload:' | spec.storage.size",
        "unknown retention       | '  workload:'                  | '  storage: {retention: {whenScaled: Keep}}\\n  workload:' | spec.storage.retention.whenScaled: Unsupported value",
        "workload and topics     | '  workload:'                  | '  topics: [{name: a, workload: {publishers: 1, messageRatePerPublisher: 1, subscribers: 1, replicationGrade: {mean: 1}}}]\\n  workload:' | give spec.workload (one topic, named as the topology) or spec.topics",
        "no topic at all         | '  workload:'                  | '  topics: []\\n  x:' | topics: at least one topic",
        "topic without a name    | '  workload:'                  | '  topics: [{workload: {publishers: 1, messageRatePerPublisher: 1, subscribers: 1, replicationGrade: {mean: 1}}}]\\n  x:' | spec.topics[0].name: Required value",
        "topic's own bound       | '  workload:'                  | '  topics: [{name: a, maxWaitingTime: soon, workload: {publishers: 1, messageRatePerPublisher: 1, subscribers: 1, replicationGrade: {mean: 1}}}]\\n  x:' | spec.topics[0].maxWaitingTime",
        "no subscriber, workload | 'subscribers: 400'             | 'subscribers: 0'                    | workload.subscribers: at least 1",
    })
    void badManifestIsRejectedNamingTheField(String what, String from, String to, String message, KubernetesClient client) {
        var bad = parse(VALID.replace(from, to.replace("\\n", "\n")));
        var e = assertThrows(KubernetesClientException.class, () -> client.resource(bad).create(), what);
        assertEquals(422, e.getCode(), what + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(message), what + ": " + e.getMessage());
    }

    @Test
    void autoscalingIsDefaulted(KubernetesClient client) {
        var created = client.resource(parse(VALID.replace("name: minimal,", "name: autoscaled,")
                .replace("  workload:", "  autoscaling: {mode: Recommend}\n  workload:"))).create();
        var autoscaling = (java.util.Map<?, ?>) ((java.util.Map<?, ?>) created.getAdditionalProperties().get("spec"))
                .get("autoscaling");
        assertEquals(java.util.Map.of("mode", "Recommend", "minBrokers", 1, "inhibitionDelay", "300s", "window", "60s",
                "declaredIsFloor", true), autoscaling);
    }

    /** Every field of the one duration grammar takes every unit, minutes too, and CEL's duration() reads them. */
    @Test
    void durationsInEveryUnitAreAccepted(KubernetesClient client) {
        String durations = "  objectives: {waitingTime: {max: 750us}, endToEndLatency: 0.2s, recoveryTime: 1.5m}\n"
                + "  autoscaling: {mode: Recommend, window: 60000ms, inhibitionDelay: 1m}\n  workload:";
        var created = client.resource(parse(VALID.replace("name: minimal,", "name: minutes,")
                .replace("  workload:", durations))).create();
        var spec = (java.util.Map<?, ?>) created.getAdditionalProperties().get("spec");
        assertEquals("1m", ((java.util.Map<?, ?>) spec.get("autoscaling")).get("inhibitionDelay"));
        assertEquals("1.5m", ((java.util.Map<?, ?>) spec.get("objectives")).get("recoveryTime"));
        var run = client.resource(parse(RUN.replace("name: run,", "name: minutes,")
                .replace("duration: 60s", "duration: 2m").replace("warmup: 10s", "warmup: 0.5m"))).create();
        assertEquals("2m", ((java.util.Map<?, ?>) run.getAdditionalProperties().get("spec")).get("duration"));
    }

    @Test
    void badProfileIsRejectedNamingTheField(KubernetesClient client) {
        var bad = parse("""
                apiVersion: brokerwise.io/v1alpha1
                kind: BrokerProfile
                metadata: {name: p, namespace: default}
                spec:
                  model: Quadratic
                  parameters: {receiveSeconds: -1, filterSeconds: 1.0e-7, dispatchSeconds: 4.0e-6, poissonServiceFactor: 0,
                    registrationSeconds: -0.002}
                """);
        var e = assertThrows(KubernetesClientException.class, () -> client.resource(bad).create());
        assertTrue(e.getMessage().contains("spec.model: Unsupported value") && e.getMessage().contains("spec.parameters.receiveSeconds"),
                e.getMessage());
        assertTrue(e.getMessage().contains("spec.parameters.poissonServiceFactor")
                && e.getMessage().contains("spec.parameters.registrationSeconds"), e.getMessage());
    }

    static final String RUN = """
            apiVersion: brokerwise.io/v1alpha1
            kind: BenchmarkRun
            metadata: {name: run, namespace: default}
            spec:
              topologyRef: {name: t}
              mode: Saturate
              duration: 60s
              warmup: 10s
            """;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "Rate without load points | 'mode: Saturate' | 'mode: Rate'                                   | mode Rate needs loadPoints",
        "load point above 1       | 'mode: Saturate' | 'mode: Rate\n  loadPoints: [0.5, 1.5]'         | each load point is a fraction in (0, 1]",
        "load point zero          | 'mode: Saturate' | 'mode: Rate\n  loadPoints: [0]'                | each load point is a fraction in (0, 1]",
        "duration = 2 x warm-up   | 'duration: 60s'  | 'duration: 20s'                                 | duration must be longer than twice the warmup",
        "duration < 2 x warm-up, m| 'duration: 60s'  | 'duration: 0.3m'                                | duration must be longer than twice the warmup",
        "negative warm-up         | 'warmup: 10s'    | 'warmup: -10s'                                  | spec.warmup",
        "Calibrate without name   | 'mode: Saturate' | 'mode: Calibrate'                               | mode Calibrate needs calibration.profileName",
        "no topology              | 'topologyRef: {name: t}' | ''                                      | modes Saturate and Rate need topologyRef",
        "unknown mode             | 'mode: Saturate' | 'mode: Soak'                                    | spec.mode: Unsupported value",
        "unknown calibration model| 'mode: Saturate' | 'mode: Calibrate\n  calibration: {profileName: p, model: Quadratic}' | spec.calibration.model: Unsupported value",
        "unknown filter shape     | 'mode: Saturate' | 'mode: Calibrate\n  calibration: {profileName: p, filterShape: Xor}' | spec.calibration.filterShape: Unsupported value",
        "replication grade 201    | 'mode: Saturate' | 'mode: Calibrate\n  calibration: {profileName: p, replicationGrades: [1, 201]}' | spec.calibration.replicationGrades[1]",
    })
    void badBenchmarkRunIsRejectedNamingTheField(String what, String from, String to, String message,
                                                 KubernetesClient client) {
        var bad = parse(RUN.replace(from, to.replace("\\n", "\n")));
        var e = assertThrows(KubernetesClientException.class, () -> client.resource(bad).create(), what);
        assertEquals(422, e.getCode(), what + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(message), what + ": " + e.getMessage());
    }

    @Test
    void benchmarkRunIsDefaulted(KubernetesClient client) {
        var created = client.resource(parse(RUN.replace("name: run,", "name: defaults,")
                .replace("  mode: Saturate\n  duration: 60s\n  warmup: 10s\n", ""))).create();
        var spec = (java.util.Map<?, ?>) created.getAdditionalProperties().get("spec");
        assertEquals("60s", spec.get("duration"));
        assertEquals("10s", spec.get("warmup"));
        assertEquals(0.15, ((Number) spec.get("tolerance")).doubleValue());
        assertEquals("Saturate", spec.get("mode"));
    }

    static GenericKubernetesResource parse(String yaml) {
        return Serialization.unmarshal(yaml, GenericKubernetesResource.class);
    }

    private static String read(String path) {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of(path));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
