package io.brokerwise.operator.benchmark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.brokerwise.api.planning.FittedProfile;
import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.BrokerProfileStatus;
import io.brokerwise.api.v1alpha1.CalibrationSpec;
import io.brokerwise.measure.contract.CalibrationFit;
import io.brokerwise.measure.contract.CalibrationPoint;
import io.brokerwise.operator.dependent.BrokerStatefulSet;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The BrokerProfile a calibration writes: the fitted parameters (the model of {@code calibration.model}, or with Auto
 * the one the points chose, every candidate's held-out error in {@code status.modelSelection}), the fit quality and
 * its held-out check, and where, on what and when it was measured; and the ConfigMap of its raw points. Marked as a
 * calibration's, so a later calibration may replace it and a profile written by hand is never overwritten. Pure but
 * for {@link #write}: the reconciler feeds it, tests call it directly.
 */
public final class CalibratedProfile {

    /** The annotation that names the BenchmarkRun that wrote a profile. */
    public static final String CALIBRATED_BY = "brokerwise.io/calibrated-by";
    public static final String POINTS_KEY = "points.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private CalibratedProfile() {
    }

    /** Whether a calibration wrote this profile, so that another may replace it. */
    public static boolean writtenByCalibration(BrokerProfile profile) {
        var meta = profile.getMetadata();
        return meta.getAnnotations() != null && meta.getAnnotations().containsKey(CALIBRATED_BY)
                && meta.getLabels() != null && Names.MANAGED_BY.equals(meta.getLabels().get("app.kubernetes.io/managed-by"));
    }

    /** The ConfigMap that holds a profile's raw points. */
    public static String pointsConfigMap(String profile) {
        return profile + "-points";
    }

    /**
     * @param node           the node the broker ran on, if known
     * @param artemisVersion the version the broker reported, if it did
     */
    public static BrokerProfile of(BenchmarkRun run, CalibrationFit fit, int measuredPoints, String node,
                                   String artemisVersion, Instant now) {
        CalibrationSpec c = run.getSpec().calibration;
        BrokerProfile profile = new BrokerProfile();
        profile.setMetadata(new ObjectMetaBuilder().withName(c.profileName).withNamespace(run.getMetadata().getNamespace())
                .withLabels(Map.of("app.kubernetes.io/managed-by", Names.MANAGED_BY))
                .withAnnotations(Map.of(CALIBRATED_BY, run.getMetadata().getName())).build());
        profile.setSpec(FittedProfile.spec(fit.model(), fit.fit().parameters(), null));
        BrokerProfileStatus status = new BrokerProfileStatus();
        status.source = "calibration by BenchmarkRun " + run.getMetadata().getName() + " (Henjes sec. 4.2.2.1 series, "
                + fit.howFitted() + ")";
        status.fit = FittedProfile.fit(fit.fit(), fit.heldOut());
        status.modelSelection = FittedProfile.selection(fit.selection());
        status.calibration = new BrokerProfileStatus.CalibrationStatus();
        status.calibration.benchmarkRun = run.getMetadata().getName();
        status.calibration.time = now.toString();
        status.calibration.node = node;
        status.calibration.brokerCpu = c.broker.cpu;
        status.calibration.brokerMemory = c.broker.memory;
        status.calibration.brokerImage = c.broker.image == null ? BrokerStatefulSet.defaultImage() : c.broker.image;
        status.calibration.artemisVersion = artemisVersion;
        status.calibration.deliveryMode = c.deliveryMode.name();
        status.calibration.measuredPoints = measuredPoints;
        status.calibration.notValidPoints = fit.notValid();
        status.calibration.pointsConfigMap = pointsConfigMap(c.profileName);
        profile.setStatus(status);
        return profile;
    }

    /**
     * Writes the profile, then its status (a subresource the spec's apply leaves alone), then its points owned by
     * the written profile, whose uid they need.
     */
    public static void write(KubernetesClient client, BrokerProfile profile, List<CalibrationPoint> points) {
        BrokerProfile written = client.resource(profile).forceConflicts().serverSideApply();
        written.setStatus(profile.getStatus());
        client.resource(written).updateStatus();
        client.resource(points(written, points)).forceConflicts().serverSideApply();
    }

    /** Every measured point, as measured, owned by the profile so that it goes with it. */
    public static ConfigMap points(BrokerProfile profile, List<CalibrationPoint> points) {
        String json;
        try {
            json = JSON.writeValueAsString(points);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the calibration points", e);
        }
        var meta = profile.getMetadata();
        return new ConfigMapBuilder().withNewMetadata().withName(pointsConfigMap(meta.getName()))
                .withNamespace(meta.getNamespace()).withLabels(meta.getLabels())
                .withOwnerReferences(new OwnerReferenceBuilder().withApiVersion(profile.getApiVersion())
                        .withKind(profile.getKind()).withName(meta.getName()).withUid(meta.getUid()).build())
                .endMetadata().withData(Map.of(POINTS_KEY, json)).build();
    }
}
