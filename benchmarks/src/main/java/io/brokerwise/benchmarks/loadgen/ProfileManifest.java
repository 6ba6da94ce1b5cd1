package io.brokerwise.benchmarks.loadgen;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.BrokerProfileSpec;
import io.brokerwise.api.v1alpha1.BrokerProfileStatus;
import io.brokerwise.model.fit.ProfileFit;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.Map;

/**
 * The BrokerProfile manifest a calibration writes: the fitted Linear parameters (eq. 4.9) in spec, the fit
 * quality in status, and annotations that say where the numbers came from (machine load, quota, the raw
 * points file, the held-out check), so a profile is never a bare number.
 */
final class ProfileManifest {

    static final String ANNOTATION = "brokerwise.io/";

    private ProfileManifest() {
    }

    static String yaml(String name, ProfileFit fit, ProfileFit heldOut, int heldOutPoints, Map<String, String> origin)
            throws Exception {
        BrokerProfile profile = new BrokerProfile();
        var meta = new ObjectMetaBuilder().withName(name);
        origin.forEach((k, v) -> meta.addToAnnotations(ANNOTATION + k, v));
        if (heldOut != null) {
            meta.addToAnnotations(ANNOTATION + "held-out-points", Integer.toString(heldOutPoints));
            meta.addToAnnotations(ANNOTATION + "held-out-median-relative-error",
                    String.format("%.4f", heldOut.medianRelativeError()));
        }
        profile.setMetadata(meta.build());
        BrokerProfileSpec spec = new BrokerProfileSpec();
        spec.model = BrokerProfileSpec.Model.Linear;
        spec.parameters = new BrokerProfileSpec.Parameters();
        spec.parameters.receiveSeconds = fit.parameters().receiveSeconds();
        spec.parameters.filterSeconds = fit.parameters().filterSeconds();
        spec.parameters.dispatchSeconds = fit.parameters().dispatchSeconds();
        profile.setSpec(spec);
        BrokerProfileStatus status = new BrokerProfileStatus();
        status.source = "calibration (brokerwise-bench calibrate)";
        status.fit = new BrokerProfileStatus.FitStatus();
        status.fit.points = fit.relativeErrors().length;
        status.fit.rSquared = fit.rSquared();
        status.fit.medianRelativeError = fit.medianRelativeError();
        status.fit.maxRelativeError = fit.maxRelativeError();
        profile.setStatus(status);
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER))
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        return yaml.writeValueAsString(profile);
    }
}
