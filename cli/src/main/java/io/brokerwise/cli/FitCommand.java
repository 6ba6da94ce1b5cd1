package io.brokerwise.cli;

import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.planning.FittedProfile;
import io.brokerwise.api.v1alpha1.BrokerProfileStatus;
import io.brokerwise.model.fit.MeasuredPoint;
import io.brokerwise.model.fit.ProfileCalibration;
import io.brokerwise.model.fit.ProfileFit;
import io.brokerwise.model.service.ServiceTimeModel;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
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
                "series at two or more replication grades) also fit receiveSecondsPerByte and dispatchSecondsPerByte.",
                "Lines starting with # are comments.", "",
                "Example:", "  brokerwise fit --model Linear --name artemis points.csv > profile.yaml"})
final class FitCommand implements Callable<Integer> {

    @Parameters(paramLabel = "CSV", description = "The measured points.")
    Path csv;

    @Option(names = "--model", defaultValue = "Linear", paramLabel = "MODEL",
            description = "Linear, FilterSharing, SuperLinear or FilterLength (default: ${DEFAULT-VALUE}).")
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
        ServiceTimeModel form = ServiceTimeModel.named(model);
        List<MeasuredPoint> points = MeasuredPointsCsv.read(csv);
        ProfileFit fit = ProfileCalibration.fit(form, points);
        BrokerProfile profile = manifest(form, fit, points.size());
        spec.commandLine().getOut().println(output.serialize(profile).stripTrailing());
        spec.commandLine().getErr().printf("fitted %s to %d points: R^2 %.4f, median relative error %.1f%%, worst %.1f%%%n",
                form.name(), points.size(), fit.rSquared(), 100 * fit.medianRelativeError(), 100 * fit.maxRelativeError());
        return 0;
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
