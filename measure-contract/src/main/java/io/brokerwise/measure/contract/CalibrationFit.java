package io.brokerwise.measure.contract;

import io.brokerwise.model.fit.FitException;
import io.brokerwise.model.fit.MeasuredPoint;
import io.brokerwise.model.fit.ModelSelection;
import io.brokerwise.model.fit.ProfileCalibration;
import io.brokerwise.model.fit.ProfileFit;
import io.brokerwise.model.service.ServiceTimeModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A calibration series fitted (model's NNLS, sec. 4.1) on its points that entered the fit and checked on those
 * held out. Points that broke the validity rule stay out of both unless {@code keepInvalid}: a broker that was not
 * the bottleneck did not show its service time. The model is the one asked for, or with {@value #AUTO} the one the
 * points that entered the fit choose ({@link ModelSelection}: every candidate judged by leave-one-out error); the
 * held-out points then check the chosen model, which never saw them.
 *
 * @param model     the model fitted: the one asked for, or the one the points chose
 * @param selection how the points chose the model; null when it was asked for
 * @param heldOut   the fit's quality on the held-out points; null when none was held out
 */
public record CalibrationFit(ServiceTimeModel model, ModelSelection selection, ProfileFit fit, ProfileFit heldOut,
                             int fitted, int heldOutPoints, int notValid) {

    /** Points a fit needs at least, whatever the model (t_rcv, t_fltr, t_tx). */
    public static final int MIN_POINTS = 3;

    /** The model name that has the points choose the model. */
    public static final String AUTO = "Auto";

    /**
     * The model a name asks for, as {@code calibration.model} and {@code brokerwise-bench calibrate --model} give it:
     * a service-time model's name, or {@value #AUTO} (either case; empty: the points choose).
     *
     * @throws IllegalArgumentException for any other name, naming the allowed ones
     */
    public static Optional<ServiceTimeModel> model(String name) {
        if (AUTO.equalsIgnoreCase(name)) {
            return Optional.empty();
        }
        try {
            return Optional.of(ServiceTimeModel.named(name));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + ", or " + AUTO);
        }
    }

    /** The series fitted with the model {@code model} names ({@link #model(String)}). */
    public static CalibrationFit of(String model, List<CalibrationPoint> points, boolean keepInvalid) {
        return of(model(model), points, keepInvalid);
    }

    public static CalibrationFit of(ServiceTimeModel model, List<CalibrationPoint> points, boolean keepInvalid) {
        return of(Optional.of(model), points, keepInvalid);
    }

    private static CalibrationFit of(Optional<ServiceTimeModel> asked, List<CalibrationPoint> points,
                                     boolean keepInvalid) {
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
        ModelSelection selection = asked.isPresent() ? null : ModelSelection.select(fitted);
        ServiceTimeModel model = asked.orElseGet(() -> selection.winner().model());
        ProfileFit fit = selection == null ? ProfileCalibration.fit(model, fitted) : selection.winner().fit();
        ProfileFit check = held.isEmpty() ? null : ProfileCalibration.quality(model, fit.parameters(), held);
        return new CalibrationFit(model, selection, fit, check, fitted.size(), held.size(), notValid);
    }

    /** The model and whether the points chose it, for a profile's source: "FilterLength fit, chosen by ...". */
    public String howFitted() {
        return model.name() + " fit" + (selection == null ? "" : ", chosen by held-out error");
    }

    /**
     * How the model was chosen, for a run's message: each candidate's leave-one-out median error and those the
     * points could not determine; empty when the model was asked for.
     */
    public String choice() {
        if (selection == null) {
            return "";
        }
        String candidates = selection.candidates().stream().map(c -> String.format(Locale.ROOT, "%s %.1f%%",
                c.name(), 100 * c.heldOutMedianRelativeError())).collect(Collectors.joining(", "));
        String notFitted = selection.notFitted().isEmpty() ? ""
                : "; not fitted: " + String.join("; ", selection.notFitted());
        return "chosen by leave-one-out median error (" + candidates + ")" + notFitted;
    }
}
