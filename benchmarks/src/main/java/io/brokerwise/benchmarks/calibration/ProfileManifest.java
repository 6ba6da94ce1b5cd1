package io.brokerwise.benchmarks.calibration;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.brokerwise.api.planning.FittedProfile;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.BrokerProfileStatus;
import io.brokerwise.measure.contract.CalibrationFit;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;

/**
 * The BrokerProfile manifest a calibration writes: the fitted model's parameters in spec, the fit quality, its
 * check on the held-out points and, when the points chose the model, every candidate's held-out error in status,
 * and annotations that say where the numbers came from (machine load, quota, the raw points file), so a profile
 * is never a bare number.
 */
public final class ProfileManifest {

    private ProfileManifest() {
    }

    public static String yaml(String name, CalibrationFit fit, ProfileOrigin origin) throws Exception {
        BrokerProfile profile = new BrokerProfile();
        profile.setMetadata(new ObjectMetaBuilder().withName(name).withAnnotations(origin.annotations()).build());
        profile.setSpec(FittedProfile.spec(fit.model(), fit.fit().parameters(), null));
        BrokerProfileStatus status = new BrokerProfileStatus();
        status.source = "calibration (brokerwise-bench calibrate, " + fit.howFitted() + ")";
        status.fit = FittedProfile.fit(fit.fit(), fit.heldOut());
        status.modelSelection = FittedProfile.selection(fit.selection());
        profile.setStatus(status);
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER))
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        return yaml.writeValueAsString(profile);
    }
}
