package io.brokerwise.api.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.BrokerProfileSpec;
import io.brokerwise.api.v1alpha1.BrokerProfileStatus;
import io.brokerwise.api.v1alpha1.CalibrationSpec;
import io.brokerwise.model.fit.MeasuredPoint;
import io.brokerwise.model.fit.ModelSelection;
import io.brokerwise.model.fit.ProfileFit;
import io.brokerwise.model.service.FilterSet;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTimeModel;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.service.SublinearDispatchModel;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class FittedProfileTest {

    private static final ServiceTimeProfile TRUTH = new ServiceTimeProfile("truth", new SublinearDispatchModel(),
            ProfileParameters.of(6e-6, 1e-7, 2.05e-6).withDispatchSqrtSeconds(9.53e-6), "test");

    /** The held-out check reports its errors as repeated runs are reported: their mean with a 95% interval. */
    @Test
    void theHeldOutCheckCarriesTheIntervalOfItsErrors() {
        ProfileFit fit = new ProfileFit(TRUTH.parameters(), 0.99, new double[] {0.01, 0.02, 0.03});
        BrokerProfileStatus.FitStatus status = FittedProfile.fit(fit,
                new ProfileFit(TRUTH.parameters(), 0.9, new double[] {0.05, 0.07, 0.09}));
        assertEquals(3, status.heldOutRelativeErrorInterval.runs);
        assertEquals(0.07, status.heldOutRelativeErrorInterval.mean, 1e-12);
        // t(2 degrees of freedom, 0.975) = 4.3027 and s = 0.02: a half-width of 4.3027 * 0.02 / sqrt(3) = 0.04968
        assertEquals(0.07 - 0.04968, status.heldOutRelativeErrorInterval.lower, 1e-5);
        assertEquals(0.07 + 0.04968, status.heldOutRelativeErrorInterval.upper, 1e-5);
        assertNull(FittedProfile.fit(fit, new ProfileFit(TRUTH.parameters(), 0.9, new double[] {0.05}))
                .heldOutRelativeErrorInterval, "one held-out point has no interval");
    }

    /** A profile chosen by selection is read back as the model planned with, and its status names every candidate. */
    @Test
    void aSelectedProfileRecordsItsCandidatesAndPlansWithItsFit() {
        List<MeasuredPoint> points = new ArrayList<>();
        for (int r : new int[] {1, 2, 5, 10, 20}) {
            for (int add : new int[] {5, 20, 80, 160}) {
                for (int components : new int[] {1, 8}) {
                    FilterSet filters = new FilterSet(r + add, r + add, components);
                    points.add(new MeasuredPoint(filters, r, TRUTH.receivedCapacity(filters, r)));
                }
            }
        }
        ModelSelection selection = ModelSelection.select(points);
        BrokerProfile profile = new BrokerProfile();
        profile.setMetadata(new ObjectMetaBuilder().withName("chosen").build());
        profile.setSpec(FittedProfile.spec(selection.winner().model(), selection.winner().fit().parameters(), null));
        profile.setStatus(new BrokerProfileStatus());
        profile.getStatus().modelSelection = FittedProfile.selection(selection);

        BrokerProfileStatus.ModelSelectionStatus status = profile.getStatus().modelSelection;
        assertEquals(BrokerProfileSpec.Model.SublinearDispatch, status.chosen);
        assertEquals(List.of(BrokerProfileSpec.Model.Linear, BrokerProfileSpec.Model.FilterLength,
                BrokerProfileSpec.Model.SublinearDispatch), status.candidates.stream().map(c -> c.model).toList());
        assertEquals(selection.candidates().get(2).heldOutMedianRelativeError(), status.candidates.get(2).heldOutMedianRelativeError);
        assertNull(status.notFitted);
        ServiceTimeProfile read = ProfileResolver.fromResource(profile);
        assertEquals(selection.winner().fit().parameters(), read.parameters());
        assertEquals(TRUTH.parameters().dispatchSqrtSeconds(), read.parameters().dispatchSqrtSeconds(), 1e-12);
    }

    /** A calibration asks for any model a profile can have, or Auto; a model given records no selection. */
    @Test
    void aCalibrationAsksForEveryProfileModelOrAuto() {
        List<String> profileModels = Arrays.stream(BrokerProfileSpec.Model.values()).map(Enum::name).toList();
        assertEquals(Stream.concat(Stream.of("Auto"), profileModels.stream()).toList(),
                Arrays.stream(CalibrationSpec.Model.values()).map(Enum::name).toList());
        assertEquals(ServiceTimeModel.ALL.stream().map(ServiceTimeModel::name).toList(), profileModels);
        assertNull(FittedProfile.selection(null));
    }

    @Test
    void theSqrtTermOnAnotherModelIsRefusedNamingTheField() {
        ManifestReader reader = new ManifestReader().add(new StringReader("""
                apiVersion: brokerwise.io/v1alpha1
                kind: BrokerProfile
                metadata: {name: linear}
                spec:
                  model: Linear
                  parameters: {receiveSeconds: 6.0e-6, filterSeconds: 1.0e-7, dispatchSeconds: 2.0e-6, dispatchSqrtSeconds: 9.5e-6}
                """), "profile.yaml");
        ManifestException e = assertThrows(ManifestException.class,
                () -> ProfileResolver.fromResource(reader.one(BrokerProfile.class)));
        assertEquals("BrokerProfile linear: spec.parameters.dispatchSqrtSeconds: only model SublinearDispatch uses it; "
                + "remove it or set spec.model: SublinearDispatch", e.getMessage());
    }
}
