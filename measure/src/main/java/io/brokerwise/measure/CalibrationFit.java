package io.brokerwise.measure;

import io.brokerwise.model.fit.FitException;
import io.brokerwise.model.fit.MeasuredPoint;
import io.brokerwise.model.fit.ProfileCalibration;
import io.brokerwise.model.fit.ProfileFit;
import io.brokerwise.model.service.ServiceTimeModel;
import java.util.ArrayList;
import java.util.List;

/**
 * A calibration series fitted (model's NNLS, sec. 4.1) on its points that entered the fit and checked on those
 * held out. Points that broke the validity rule stay out of both unless {@code keepInvalid}: a broker that was not
 * the bottleneck did not show its service time.
 *
 * @param heldOut the fit's quality on the held-out points; null when none was held out
 */
public record CalibrationFit(ProfileFit fit, ProfileFit heldOut, int fitted, int heldOutPoints, int notValid) {

    /** Points a fit needs at least, whatever the model (t_rcv, t_fltr, t_tx). */
    public static final int MIN_POINTS = 3;

    public static CalibrationFit of(ServiceTimeModel model, List<CalibrationPoint> points, boolean keepInvalid) {
        List<MeasuredPoint> fitted = new ArrayList<>();
        List<MeasuredPoint> held = new ArrayList<>();
        for (CalibrationPoint p : points) {
            if (p.valid() || keepInvalid) {
                (p.heldOut() ? held : fitted).add(p.measured());
            }
        }
        int notValid = (int) points.stream().filter(p -> !p.valid()).count();
        if (fitted.size() < MIN_POINTS) {
            throw new FitException(fitted.size() + " of " + points.size() + " points can enter the fit (" + notValid
                    + " broke the validity rule, " + held.size() + " held out): need at least " + MIN_POINTS);
        }
        ProfileFit fit = ProfileCalibration.fit(model, fitted);
        ProfileFit check = held.isEmpty() ? null : ProfileCalibration.quality(model, fit.parameters(), held);
        return new CalibrationFit(fit, check, fitted.size(), held.size(), notValid);
    }
}
