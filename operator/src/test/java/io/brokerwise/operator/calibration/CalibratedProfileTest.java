package io.brokerwise.operator.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerwise.api.planning.ProfileResolver;
import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BenchmarkRunSpec;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.BrokerSpec;
import io.brokerwise.api.v1alpha1.CalibrationSpec;
import io.brokerwise.api.v1alpha1.PlacementSpec;
import io.brokerwise.api.v1alpha1.WorkloadSpec;
import io.brokerwise.measure.CalibrationFit;
import io.brokerwise.measure.CalibrationGrid;
import io.brokerwise.measure.CalibrationPoint;
import io.brokerwise.measure.LatencyPercentiles;
import io.brokerwise.measure.LoadResult;
import io.brokerwise.measure.LoadSpec;
import io.brokerwise.measure.MeasuredLoad;
import io.brokerwise.model.service.LinearModel;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A fitted series as the BrokerProfile a calibration writes: parameters, fit quality, where and when. */
class CalibratedProfileTest {

    @Test
    void profileCarriesTheFitItsCheckAndWhereItWasMeasured() throws Exception {
        BenchmarkRun run = run("cal", "team", "artemis-250m");
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 2, 5), List.of(5, 20, 80), List.of(1024), 4);
        List<CalibrationPoint> points = grid.points(rates(grid, 3));
        CalibrationFit fit = CalibrationFit.of(new LinearModel(), points, false);
        Instant now = Instant.parse("2026-01-02T03:04:05Z");

        BrokerProfile p = CalibratedProfile.of(run, new LinearModel(), fit, points.size(), "node-a", "2.56.0", now);

        assertEquals("artemis-250m", p.getMetadata().getName());
        assertEquals("team", p.getMetadata().getNamespace());
        assertEquals("cal", p.getMetadata().getAnnotations().get(CalibratedProfile.CALIBRATED_BY));
        assertTrue(CalibratedProfile.writtenByCalibration(p));
        assertEquals("Linear", p.getSpec().model.name());
        assertEquals(fit.fit().parameters().dispatchSeconds(), p.getSpec().parameters.dispatchSeconds);
        assertEquals(7, p.getStatus().fit.points, "9 points, 2 held out");
        assertEquals(2, p.getStatus().fit.heldOutPoints);
        assertEquals(fit.fit().rSquared(), p.getStatus().fit.rSquared);
        assertEquals(fit.heldOut().medianRelativeError(), p.getStatus().fit.heldOutMedianRelativeError);
        var c = p.getStatus().calibration;
        assertEquals("node-a", c.node);
        assertEquals("250m", c.brokerCpu);
        assertEquals("512Mi", c.brokerMemory);
        assertEquals("2.56.0", c.artemisVersion);
        assertEquals("2026-01-02T03:04:05Z", c.time);
        assertEquals(9, c.measuredPoints);
        assertEquals(0, c.notValidPoints);
        assertEquals("artemis-250m-points", c.pointsConfigMap);
        assertEquals("NonPersistent", c.deliveryMode);
        assertTrue(p.getStatus().source.contains("BenchmarkRun cal"), p.getStatus().source);
        ProfileResolver.fromResource(p);
    }

    @Test
    void pointsGoWithTheProfile() throws Exception {
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 2), List.of(5, 20), List.of(1024), 0);
        BrokerProfile written = CalibratedProfile.of(run("cal", "team", "p"), new LinearModel(),
                CalibrationFit.of(new LinearModel(), grid.points(rates(grid, 0)), false), 4, null, null, Instant.now());
        written.getMetadata().setUid("uid-1");
        ConfigMap points = CalibratedProfile.points(written, grid.points(rates(grid, 0)));
        assertEquals("p-points", points.getMetadata().getName());
        assertEquals("uid-1", points.getMetadata().getOwnerReferences().get(0).getUid());
        assertEquals("BrokerProfile", points.getMetadata().getOwnerReferences().get(0).getKind());
        var json = new ObjectMapper().readTree(points.getData().get(CalibratedProfile.POINTS_KEY));
        assertEquals(4, json.size());
        assertEquals(20, json.get(1).get("mAdd").asInt());
        assertNull(written.getStatus().calibration.node, "unknown, not made up");
    }

    @Test
    void aProfileWrittenByHandIsNotACalibrations() {
        BrokerProfile byHand = new BrokerProfile();
        byHand.setMetadata(new ObjectMetaBuilder().withName("p").withAnnotations(
                Map.of(CalibratedProfile.CALIBRATED_BY, "someone")).build());
        assertFalse(CalibratedProfile.writtenByCalibration(byHand), "an annotation alone is not the operator's mark");
        byHand.getMetadata().setAnnotations(null);
        assertFalse(CalibratedProfile.writtenByCalibration(byHand));
    }

    static BenchmarkRun run(String name, String namespace, String profile) {
        BenchmarkRun run = new BenchmarkRun();
        run.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(namespace).build());
        BenchmarkRunSpec spec = new BenchmarkRunSpec();
        spec.mode = BenchmarkRunSpec.Mode.Calibrate;
        spec.duration = "20s";
        spec.warmup = "5s";
        spec.calibration = new CalibrationSpec();
        spec.calibration.profileName = profile;
        spec.calibration.replicationGrades = List.of(1, 2, 5);
        spec.calibration.additionalFilters = List.of(5, 20, 80);
        spec.calibration.holdoutEvery = 4;
        spec.calibration.model = io.brokerwise.api.v1alpha1.BrokerProfileSpec.Model.Linear;
        spec.calibration.publishers = 2;
        spec.calibration.deliveryMode = WorkloadSpec.DeliveryMode.NonPersistent;
        spec.calibration.placement = new PlacementSpec();
        spec.calibration.broker = new BrokerSpec();
        spec.calibration.broker.cpu = "250m";
        spec.calibration.broker.memory = "512Mi";
        run.setSpec(spec);
        return run;
    }

    /** Saturated rates of a broker that follows eq. 4.9 (t_rcv 20 us, t_fltr 1 us, t_tx 5 us), with 1% noise. */
    static List<LoadResult> rates(CalibrationGrid grid, int seed) {
        java.util.Random noise = new java.util.Random(seed);
        List<LoadResult> out = new ArrayList<>();
        for (var p : grid.series()) {
            var d = p.design();
            double rate = 1 / (20e-6 + (d.r() + d.mAdd()) * 1e-6 + d.r() * 5e-6) * (1 + 0.01 * noise.nextGaussian());
            long sent = Math.round(rate * 10);
            MeasuredLoad load = new MeasuredLoad("1x1", 1, 1, "0/1", 2, LoadSpec.Mode.saturate, null, "NonPersistent",
                    d.r(), d.mAdd(), d.kind(), d.shape(), d.components(), p.messageBytes(), 5, 10, 5);
            out.add(new LoadResult(load, 0, 0, 10, sent, sent, rate, rate, rate, sent, sent, sent, sent, List.of(),
                    true, LatencyPercentiles.NONE, false, new double[] {0.99}, 0.3, 1, 1, true, List.of()));
        }
        return out;
    }
}
