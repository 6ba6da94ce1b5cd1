package io.brokerwise.api.planning;

import io.brokerwise.api.v1alpha1.BrokerProfileSpec;
import io.brokerwise.api.v1alpha1.BrokerProfileStatus;
import io.brokerwise.api.v1alpha1.IntervalStatus;
import io.brokerwise.model.fit.ModelSelection;
import io.brokerwise.model.fit.ProfileFit;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTimeModel;

/**
 * A fit as a BrokerProfile: the model's fitted parameters as spec, the fit quality as status. One mapping for
 * {@code brokerwise fit}, {@code brokerwise-bench calibrate} and the operator's calibrations.
 */
public final class FittedProfile {

    private FittedProfile() {
    }

    /** The profile's spec: only the parameters the model has, per-byte times and the topic cost only when the points fitted them. */
    public static BrokerProfileSpec spec(ServiceTimeModel model, ProfileParameters p, Double maxOverallRate) {
        BrokerProfileSpec s = new BrokerProfileSpec();
        s.model = BrokerProfileSpec.Model.valueOf(model.name());
        s.parameters = new BrokerProfileSpec.Parameters();
        s.parameters.receiveSeconds = p.receiveSeconds();
        s.parameters.filterSeconds = p.filterSeconds();
        s.parameters.dispatchSeconds = p.dispatchSeconds();
        s.parameters.distinctFilterSeconds = model.chargesDistinctFilters() ? p.distinctFilterSeconds() : null;
        s.parameters.dispatchSqrtSeconds = model.chargesSublinearDispatch() ? p.dispatchSqrtSeconds() : null;
        s.parameters.maxOverallRate = maxOverallRate;
        if (p.chargesSize()) {
            s.parameters.receiveSecondsPerByte = p.receiveSecondsPerByte();
            s.parameters.dispatchSecondsPerByte = p.dispatchSecondsPerByte();
            s.parameters.sizeExponent = p.sizeExponent();
        }
        if (p.chargesTopics()) {
            s.parameters.topicSeconds = p.topicCost().seconds();
            s.parameters.topicCost = p.topicCost().form();
        }
        return s;
    }

    /** The fit's quality, and its check on held-out points ({@code heldOut} null when none was held out). */
    public static BrokerProfileStatus.FitStatus fit(ProfileFit fit, ProfileFit heldOut) {
        BrokerProfileStatus.FitStatus status = new BrokerProfileStatus.FitStatus();
        status.points = fit.relativeErrors().length;
        status.rSquared = fit.rSquared();
        status.medianRelativeError = fit.medianRelativeError();
        status.maxRelativeError = fit.maxRelativeError();
        if (heldOut != null) {
            status.heldOutPoints = heldOut.relativeErrors().length;
            status.heldOutMedianRelativeError = heldOut.medianRelativeError();
            status.heldOutRelativeErrorInterval = heldOut.relativeErrorInterval().map(IntervalStatus::of).orElse(null);
        }
        return status;
    }

    /**
     * Which model the points chose, and every candidate's error on the points its fit did not see; null when
     * {@code selection} is (the model was given, not chosen).
     */
    public static BrokerProfileStatus.ModelSelectionStatus selection(ModelSelection selection) {
        if (selection == null) {
            return null;
        }
        BrokerProfileStatus.ModelSelectionStatus status = new BrokerProfileStatus.ModelSelectionStatus();
        status.chosen = BrokerProfileSpec.Model.valueOf(selection.winner().model().name());
        status.candidates = selection.candidates().stream().map(c -> {
            BrokerProfileStatus.ModelCandidate candidate = new BrokerProfileStatus.ModelCandidate();
            candidate.model = BrokerProfileSpec.Model.valueOf(c.model().name());
            candidate.topicCost = c.topicForm();
            candidate.parameters = c.parameters();
            candidate.heldOutMedianRelativeError = c.heldOutMedianRelativeError();
            return candidate;
        }).toList();
        status.notFitted = selection.notFitted().isEmpty() ? null : selection.notFitted();
        return status;
    }
}
