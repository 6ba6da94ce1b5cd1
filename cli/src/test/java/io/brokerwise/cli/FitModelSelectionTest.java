package io.brokerwise.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.planning.ProfileResolver;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.BrokerProfileSpec;
import io.brokerwise.api.v1alpha1.BrokerProfileStatus;
import io.brokerwise.model.service.FilterSet;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.service.SublinearDispatchModel;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code brokerwise fit --model auto}: every candidate's held-out error, the choice, and the profile that records them. */
class FitModelSelectionTest {

    @TempDir
    Path dir;

    /** Points with complex filters and copies that get cheaper, 3% noise: the one model that charges both wins. */
    @Test
    void autoChoosesTheModelThePointsNeedAndRecordsEveryCandidate() throws IOException {
        var truth = new ServiceTimeProfile("truth", new SublinearDispatchModel(),
                ProfileParameters.of(6e-6, 1e-7, 2.05e-6).withDispatchSqrtSeconds(9.53e-6), "test");
        Random noise = new Random(1);
        StringBuilder csv = new StringBuilder("filters,replicationGrade,receivedRate,components\n");
        for (int r : new int[] {1, 2, 5, 10, 20}) {
            for (int add : new int[] {5, 20, 80, 160}) {
                for (int components : new int[] {1, 8}) {
                    FilterSet filters = new FilterSet(r + add, r + add, components);
                    double rate = truth.receivedCapacity(filters, r) * (1 + 0.03 * noise.nextGaussian());
                    csv.append(r + add).append(',').append(r).append(',').append(rate).append(',').append(components)
                            .append('\n');
                }
            }
        }
        Path points = dir.resolve("points.csv");
        Files.writeString(points, csv);
        CliRun run = CliRun.of("fit", "--model", "auto", "--name", "chosen", points.toString());
        assertEquals(0, run.exitCode(), run.err());
        BrokerProfile resource = new ManifestReader().add(new StringReader(run.out()), "fit output").one(BrokerProfile.class);
        assertEquals(BrokerProfileSpec.Model.SublinearDispatch, resource.getSpec().model);
        BrokerProfileStatus.ModelSelectionStatus selection = resource.getStatus().modelSelection;
        assertEquals(BrokerProfileSpec.Model.SublinearDispatch, selection.chosen);
        assertEquals(List.of(BrokerProfileSpec.Model.Linear, BrokerProfileSpec.Model.FilterLength,
                BrokerProfileSpec.Model.SublinearDispatch), selection.candidates.stream().map(c -> c.model).toList());
        double chosenError = selection.candidates.get(2).heldOutMedianRelativeError;
        assertTrue(chosenError < 0.03 && chosenError < selection.candidates.get(1).heldOutMedianRelativeError,
                "held-out errors " + selection.candidates.stream().map(c -> c.heldOutMedianRelativeError).toList());
        assertEquals(9.53e-6, ProfileResolver.fromResource(resource).parameters().dispatchSqrtSeconds(), 9.53e-6 * 0.3);
        for (String line : List.of("Linear ", "FilterLength ", "SublinearDispatch ")) {
            assertTrue(run.err().contains(line), run.err());
        }
        assertTrue(run.err().lines().anyMatch(l -> l.startsWith("SublinearDispatch") && l.endsWith("chosen")), run.err());
    }

    @Test
    void autoNamesACandidateThePointsCannotDetermine() throws IOException {
        Path points = dir.resolve("two-grades.csv");
        Files.writeString(points, "filters,replicationGrade,receivedRate\n6,1,30000\n21,1,28000\n81,1,22000\n"
                + "7,2,25000\n22,2,23000\n82,2,18000\n");
        CliRun run = CliRun.of("fit", "--model", "auto", points.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.err().contains("not fitted: SublinearDispatch: the points cannot tell"), run.err());
        BrokerProfile resource = new ManifestReader().add(new StringReader(run.out()), "fit output").one(BrokerProfile.class);
        assertEquals(BrokerProfileSpec.Model.Linear, resource.getSpec().model);
        assertTrue(resource.getStatus().modelSelection.notFitted.get(0).contains("at least three values of r"), run.out());
    }

    @Test
    void anUnknownModelNamesTheOptionAndAuto() throws IOException {
        Path points = dir.resolve("points.csv");
        Files.writeString(points, "filters,replicationGrade,receivedRate\n6,1,30000\n21,2,28000\n81,5,22000\n");
        CliRun run = CliRun.of("fit", "--model", "Quadratic", points.toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("--model: unknown service-time model 'Quadratic'; allowed: Linear, FilterSharing, "
                + "SuperLinear, FilterLength, SublinearDispatch, or auto"), run.err());
    }
}
