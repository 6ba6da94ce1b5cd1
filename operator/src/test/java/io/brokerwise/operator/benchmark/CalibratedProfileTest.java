package io.brokerwise.operator.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerwise.api.planning.ProfileResolver;
import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BenchmarkRunSpec;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.BrokerProfileSpec;
import io.brokerwise.api.v1alpha1.BrokerSpec;
import io.brokerwise.api.v1alpha1.CalibrationSpec;
import io.brokerwise.api.v1alpha1.PlacementSpec;
import io.brokerwise.api.v1alpha1.WorkloadSpec;
import io.brokerwise.measure.contract.CalibrationFit;
import io.brokerwise.measure.contract.CalibrationGrid;
import io.brokerwise.measure.contract.CalibrationPoint;
import io.brokerwise.measure.contract.LatencyPercentiles;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.MeasuredLoad;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.service.FilterLengthModel;
import io.brokerwise.model.service.FilterSet;
import io.brokerwise.model.service.LinearModel;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A fitted series as the BrokerProfile a calibration writes: parameters, fit quality, where and when. */
public class CalibratedProfileTest {

    @Test
    void profileCarriesTheFitItsCheckAndWhereItWasMeasured() throws Exception {
        BenchmarkRun run = run("cal", "team", "artemis-250m");
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 2, 5), List.of(5, 20, 80), List.of(1024), 4);
        List<CalibrationPoint> points = grid.points(rates(grid, 3));
        CalibrationFit fit = CalibrationFit.of(new LinearModel(), points, false);
        Instant now = Instant.parse("2026-01-02T03:04:05Z");

        BrokerProfile p = CalibratedProfile.of(run, fit, points.size(), "node-a", "2.56.0", now);

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
        assertNull(p.getStatus().modelSelection, "the model was asked for, not chosen");
        ProfileResolver.fromResource(p);
    }

    /**
     * Model Auto on the series of a broker whose every filter component costs (eq. 4.12), with filters of 1, 4 and
     * 8 components: the profile has the model the points chose, every candidate's leave-one-out error, and the
     * held-out check of the chosen model; the planner reads it as that model.
     */
    @Test
    void aChosenModelIsRecordedWithEveryCandidatesHeldOutError() {
        BenchmarkRun run = run("cal", "team", "artemis-auto");
        run.getSpec().calibration.model = CalibrationSpec.Model.Auto;
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 2, 5, 10), List.of(5, 20, 80), List.of(1, 4, 8),
                SelectorDesign.Shape.or, List.of(1024), 4);
        List<CalibrationPoint> points = grid.points(rates(grid, COMPONENT_COSTS, 5));
        CalibrationFit fit = CalibrationFit.of(run.getSpec().calibration.model.name(), points, false);

        BrokerProfile p = CalibratedProfile.of(run, fit, points.size(), null, null, Instant.now());

        assertEquals(BrokerProfileSpec.Model.FilterLength, p.getSpec().model);
        var selection = p.getStatus().modelSelection;
        assertEquals(BrokerProfileSpec.Model.FilterLength, selection.chosen);
        assertEquals(List.of(BrokerProfileSpec.Model.Linear, BrokerProfileSpec.Model.FilterLength,
                BrokerProfileSpec.Model.SublinearDispatch), selection.candidates.stream().map(c -> c.model).toList());
        assertEquals(List.of(3, 3, 4), selection.candidates.stream().map(c -> c.parameters).toList());
        assertTrue(selection.candidates.get(0).heldOutMedianRelativeError
                > 5 * selection.candidates.get(1).heldOutMedianRelativeError, "Linear does not charge components");
        assertEquals(fit.heldOut().medianRelativeError(), p.getStatus().fit.heldOutMedianRelativeError,
                "the held-out points check the chosen model");
        assertTrue(p.getStatus().fit.heldOutMedianRelativeError < 0.03, "1% noise");
        assertTrue(p.getStatus().source.contains("FilterLength fit, chosen by held-out error"), p.getStatus().source);
        assertTrue(ProfileResolver.fromResource(p).model().chargesComponents());
    }

    @Test
    void pointsGoWithTheProfile() throws Exception {
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 2), List.of(5, 20), List.of(1024), 0);
        BrokerProfile written = CalibratedProfile.of(run("cal", "team", "p"),
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

    public static BenchmarkRun run(String name, String namespace, String profile) {
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
        spec.calibration.model = CalibrationSpec.Model.Linear;
        spec.calibration.publishers = 2;
        spec.calibration.deliveryMode = WorkloadSpec.DeliveryMode.NonPersistent;
        spec.calibration.placement = new PlacementSpec();
        spec.calibration.broker = new BrokerSpec();
        spec.calibration.broker.cpu = "250m";
        spec.calibration.broker.memory = "512Mi";
        run.setSpec(spec);
        return run;
    }

    /** A broker that follows eq. 4.9: t_rcv 20 us, t_fltr 1 us, t_tx 5 us. */
    static final ServiceTimeProfile LINEAR = new ServiceTimeProfile("linear", new LinearModel(),
            ProfileParameters.of(20e-6, 1e-6, 5e-6), "test");
    /** A broker that follows eq. 4.12: every component of every filter costs t_fltr, 0.2 us. */
    public static final ServiceTimeProfile COMPONENT_COSTS = new ServiceTimeProfile("components", new FilterLengthModel(),
            ProfileParameters.of(20e-6, 0.2e-6, 5e-6), "test");

    /** Saturated rates of the {@link #LINEAR} broker, with 1% noise. */
    static List<LoadResult> rates(CalibrationGrid grid, int seed) {
        return rates(grid, LINEAR, seed);
    }

    /** Saturated rates of {@code broker} at every point of the series, with 1% noise. */
    public static List<LoadResult> rates(CalibrationGrid grid, ServiceTimeProfile broker, int seed) {
        java.util.Random noise = new java.util.Random(seed);
        List<LoadResult> out = new ArrayList<>();
        for (var p : grid.series()) {
            var d = p.design();
            double rate = broker.receivedCapacity(new FilterSet(d.subscribers(), d.subscribers(), d.components()), d.r())
                    * (1 + 0.01 * noise.nextGaussian());
            long sent = Math.round(rate * 10);
            MeasuredLoad load = new MeasuredLoad("1x1", 1, 1, "0/1", 2, LoadSpec.Mode.saturate, null, "NonPersistent", false,
                    d.r(), d.mAdd(), d.kind(), d.shape(), d.components(), p.messageBytes(), 5, 10, 5);
            out.add(new LoadResult(load, 0, 0, 10, sent, sent, rate, rate, rate, sent, sent, sent, sent, List.of(),
                    true, LatencyPercentiles.NONE, false, new double[] {0.99}, 0.3, 1, 1, true, List.of()));
        }
        return out;
    }
}
