package io.brokerwise.cli;

import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.planning.FittedProfile;
import io.brokerwise.api.v1alpha1.BrokerProfileStatus;
import io.brokerwise.model.fit.MeasuredPoint;
import io.brokerwise.model.fit.ModelSelection;
import io.brokerwise.model.fit.ProfileCalibration;
import io.brokerwise.model.fit.ProfileFit;
import io.brokerwise.model.service.ServiceTimeModel;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "fit", mixinStandardHelpOptions = true,
        description = "Fits a service-time model to measured points by non-negative least squares (Henjes, Performance "
                + "Evaluation of Publish/Subscribe Middleware Architectures, sec. 4.1; docs/models.md) and "
                + "prints a BrokerProfile manifest with the fit quality in status.",
        footer = {"", "The CSV has a header; required columns: filters,replicationGrade,receivedRate (msgs/s);",
                "optional: distinctFilters,components,messageSizeBytes. Points of several message sizes (a size",
                "series at two or more replication grades) also fit receiveSecondsPerByte, dispatchSecondsPerByte",
                "and sizeExponent.",
                "Lines starting with # are comments.", "",
                "--model auto fits every candidate (Linear; FilterLength where a point has filters of more than one",
                "component; SublinearDispatch), prints each one's leave-one-out median error and the choice, and",
                "records them in status.modelSelection (docs/models.md, sec. 2).", "",
                "Example:", "  brokerwise fit --model Linear --name artemis points.csv > profile.yaml",
                "  brokerwise fit --model auto --name artemis points.csv > profile.yaml"})
final class FitCommand implements Callable<Integer> {

    @Parameters(paramLabel = "CSV", description = "The measured points.")
    Path csv;

    /** The value of --model that has the points choose the model. */
    static final String AUTO = "auto";

    @Option(names = "--model", defaultValue = "Linear", paramLabel = "MODEL",
            description = "Linear, FilterSharing, SuperLinear, FilterLength, SublinearDispatch, or auto: the candidate "
                    + "the points choose by held-out error (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = "--name", defaultValue = "fitted", description = "metadata.name of the profile.")
    String name;

    @Option(names = "--max-overall-rate", paramLabel = "MSGS_PER_S",
            description = "A ceiling on received plus dispatched msgs/s to record in the profile (NNLS does not fit it).")
    Double maxOverallRate;

    @Option(names = {"-o", "--output"}, defaultValue = "yaml", description = "yaml or json (default: ${DEFAULT-VALUE}).")
    OutputFormat output;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (output == OutputFormat.table) {
            throw new IllegalArgumentException("--output: fit prints a manifest; use yaml or json");
        }
        List<MeasuredPoint> points = MeasuredPointsCsv.read(csv);
        PrintWriter err = spec.commandLine().getErr();
        ServiceTimeModel form;
        ProfileFit fit;
        BrokerProfileStatus.ModelSelectionStatus chosen = null;
        if (AUTO.equals(model)) {
            ModelSelection selection = ModelSelection.select(points);
            report(selection, err);
            form = selection.winner().model();
            fit = selection.winner().fit();
            chosen = FittedProfile.selection(selection);
        } else {
            form = named(model);
            fit = ProfileCalibration.fit(form, points);
        }
        BrokerProfile profile = manifest(form, fit, points.size());
        profile.getStatus().modelSelection = chosen;
        spec.commandLine().getOut().println(output.serialize(profile).stripTrailing());
        err.printf("fitted %s to %d points: R^2 %.4f, median relative error %.1f%%, worst %.1f%%%n",
                form.name(), points.size(), fit.rSquared(), 100 * fit.medianRelativeError(), 100 * fit.maxRelativeError());
        return 0;
    }

    private static ServiceTimeModel named(String model) {
        try {
            return ServiceTimeModel.named(model);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--model: " + e.getMessage() + ", or " + AUTO);
        }
    }

    /** Every candidate's held-out error, the ones the points cannot determine, and the choice. */
    private static void report(ModelSelection selection, PrintWriter err) {
        err.printf("%-28s %10s  %s%n", "candidate", "parameters", "held-out median relative error (leave-one-out)");
        for (ModelSelection.Candidate c : selection.candidates()) {
            err.printf("%-28s %10d  %.1f%%%s%n", c.name(), c.parameters(), 100 * c.heldOutMedianRelativeError(),
                    c == selection.winner() ? "  chosen" : "");
        }
        selection.notFitted().forEach(reason -> err.println("not fitted: " + reason));
    }

    private BrokerProfile manifest(ServiceTimeModel form, ProfileFit fit, int count) {
        BrokerProfile profile = new BrokerProfile();
        profile.setMetadata(new ObjectMetaBuilder().withName(name).build());
        profile.setSpec(FittedProfile.spec(form, fit.parameters(), maxOverallRate));
        BrokerProfileStatus status = new BrokerProfileStatus();
        status.source = "brokerwise fit of " + csv.getFileName() + " (" + count + " points)";
        status.fit = FittedProfile.fit(fit, null);
        profile.setStatus(status);
        return profile;
    }
}
