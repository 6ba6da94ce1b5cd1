package io.brokerwise.operator.modelmetrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.brokerwise.api.v1alpha1.AutoscalingStatus;
import io.brokerwise.api.v1alpha1.ObjectivesSpec;
import io.brokerwise.api.v1alpha1.ObservedWorkloadStatus;
import io.brokerwise.api.v1alpha1.PlanStatus;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologySpec;
import io.brokerwise.api.v1alpha1.PubSubTopologyStatus;
import io.brokerwise.api.v1alpha1.VerificationStatus;
import io.brokerwise.broker.tls.BrokerKeyStore;
import io.brokerwise.broker.tls.CertificateAuthority;
import io.brokerwise.broker.tls.Pem;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A topology's status as series, without a cluster: what each status field becomes, and what is left out. */
class TopologySeriesTest {

    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

    @Test
    void aPlannedVerifiedAutoscaledTopologyExportsItsLayoutLoadVerificationDriftAndConditions() {
        PubSubTopology t = topology();
        t.getStatus().verification = new VerificationStatus();
        t.getStatus().verification.measuredCapacity = 9_000.0;
        t.getStatus().verification.error = -0.1;
        t.getStatus().autoscaling = new AutoscalingStatus();
        t.getStatus().autoscaling.observed = new ObservedWorkloadStatus();
        t.getStatus().autoscaling.observed.offeredRate = 4_000.0;
        t.getStatus().autoscaling.observed.predictedUtilization = 0.4;
        t.getStatus().autoscaling.observed.measuredUtilization = 0.5;
        t.getStatus().autoscaling.inhibitedUntil = NOW.plusSeconds(30).toString();
        Map<String, Double> series = byName(TopologySeries.of(t, NOW));
        assertEquals(2.0, series.get("brokerwise_topology_publisher_groups"));
        assertEquals(1.0, series.get("brokerwise_topology_subscriber_groups"));
        assertEquals(10_000.0, series.get("brokerwise_topology_planned_capacity_messages_per_second"));
        assertEquals(9_000.0, series.get("brokerwise_topology_verified_capacity_messages_per_second"));
        assertEquals(1.25, series.get("brokerwise_topology_utilization_drift"), 1e-12);
        assertEquals(1.0, series.get("brokerwise_topology_autoscaling_inhibited"));
        assertEquals(1.0, series.get("brokerwise_topology_condition Ready=True"));
        List<ModelSample> pods = TopologySeries.of(t, NOW).stream()
                .filter(s -> s.name().equals("brokerwise_topology_predicted_utilization")).toList();
        assertEquals(List.of("shop-broker-0", "shop-broker-1"), pods.stream().map(s -> s.labels().get("pod")).toList());
        pods.forEach(s -> assertEquals(0.6, s.value()));
        assertEquals(0.0, byName(TopologySeries.of(t, NOW.plusSeconds(60))).get(
                "brokerwise_topology_autoscaling_inhibited"), "the inhibition has ended");
    }

    @Test
    void whatTheStatusLacksIsLeftOutNotExportedAsZero() {
        PubSubTopology t = topology();
        Map<String, Double> series = byName(TopologySeries.of(t, NOW));
        assertFalse(series.containsKey("brokerwise_topology_verified_capacity_messages_per_second"));
        assertFalse(series.containsKey("brokerwise_topology_utilization_drift"));
        t.setStatus(null);
        assertEquals(Map.of("brokerwise_topology_max_brokers", 4.0), byName(TopologySeries.of(t, NOW)),
                "a topology not reconciled yet has its limit only");
    }

    /** A certificate the operator's CA issued is read from its Secret and counted down per pod. */
    @Test
    void eachBrokersCertificateEndIsItsPodsSeries() {
        CertificateAuthority ca = CertificateAuthority.generate("shop-ca");
        String pem = ca.issue(List.of("shop-broker-0.shop-brokers.team.svc")).certificatePem();
        Secret secret = new SecretBuilder().addToData(BrokerKeyStore.certificateKey("shop-broker-0"),
                Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.UTF_8))).build();
        Map<String, Instant> ends = CertificateExpiry.of(Optional.of(secret), List.of("shop-broker-0", "shop-broker-1"));
        assertEquals(List.of("shop-broker-0"), List.copyOf(ends.keySet()), "a pod without a certificate has no end");
        assertEquals(Pem.certificate(pem).getNotAfter().toInstant(), ends.get("shop-broker-0"));
        ModelSample expiry = TopologySeries.of(topology(), NOW, ends).stream()
                .filter(s -> s.name().equals("brokerwise_topology_certificate_expiry_timestamp_seconds")).findFirst()
                .orElseThrow();
        assertEquals("shop-broker-0", expiry.labels().get("pod"));
        assertEquals(ends.get("shop-broker-0").getEpochSecond(), expiry.value());
    }

    private static PubSubTopology topology() {
        PubSubTopology t = new PubSubTopology();
        t.setMetadata(new ObjectMetaBuilder().withNamespace("team").withName("shop").build());
        t.setSpec(new PubSubTopologySpec());
        t.getSpec().placement.maxBrokers = 4;
        t.getSpec().objectives = new ObjectivesSpec();
        t.getSpec().objectives.maxUtilization = 0.8;
        PubSubTopologyStatus status = new PubSubTopologyStatus();
        status.plan = new PlanStatus();
        status.plan.publisherGroups = 2;
        status.plan.subscriberGroups = 1;
        status.plan.brokers = 2L;
        status.plan.capacity = 10_000.0;
        status.plan.utilization = 0.6;
        status.conditions.add(new ConditionBuilder().withType("Ready").withStatus("True").build());
        t.setStatus(status);
        return t;
    }

    /** Each series by name; a condition's as "name Type=Status". */
    private static Map<String, Double> byName(List<ModelSample> samples) {
        return samples.stream().filter(s -> !s.labels().containsKey("pod")).collect(Collectors.toMap(
                s -> s.labels().containsKey("condition")
                        ? s.name() + " " + s.labels().get("condition") + "=" + s.labels().get("status") : s.name(),
                ModelSample::value));
    }
}
