package io.brokerwise.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.planning.ProfileResolver;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.model.service.FilterSet;
import io.brokerwise.model.service.LinearModel;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTimeProfile;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FitAndSweepCommandTest {

    @TempDir
    Path dir;

    /** Points made from known times come back as a profile manifest the planner accepts, with those times. */
    @Test
    void fitPrintsAProfileManifestThatRoundTrips() throws IOException {
        var truth = new ServiceTimeProfile("truth", new LinearModel(),
                ProfileParameters.of(6e-6, 7e-8, 4e-6), "test");
        StringBuilder csv = new StringBuilder("# synthetic\nfilters,replicationGrade,receivedRate\n");
        for (int r : new int[] {1, 2, 5, 10, 20}) {
            for (int add : new int[] {5, 20, 80}) {
                csv.append(r + add).append(',').append(r).append(',')
                        .append(truth.receivedCapacity(FilterSet.simple(r + add), r)).append('\n');
            }
        }
        Path points = dir.resolve("points.csv");
        Files.writeString(points, csv);
        CliRun run = CliRun.of("fit", "--name", "artemis-test", "--max-overall-rate", "230000", points.toString());
        assertEquals(0, run.exitCode(), run.err());
        BrokerProfile resource = new ManifestReader().add(new StringReader(run.out()), "fit output").one(BrokerProfile.class);
        var profile = ProfileResolver.fromResource(resource);
        assertEquals("artemis-test", profile.name());
        assertEquals(6e-6, profile.parameters().receiveSeconds(), 6e-6 * 1e-6);
        assertEquals(4e-6, profile.parameters().dispatchSeconds(), 4e-6 * 1e-6);
        assertEquals(230000, profile.parameters().maxOverallRate());
        assertEquals(1.0, resource.getStatus().fit.rSquared, 1e-9);
        assertTrue(run.err().contains("R^2"), run.err());
    }

    /** Points of several sizes give a profile with per-byte times, which the plan then charges. */
    @Test
    void fitOfASizeSeriesPrintsPerByteTimes() throws IOException {
        var truth = new ServiceTimeProfile("truth", new LinearModel(),
                ProfileParameters.of(6e-6, 7e-8, 4e-6).withSecondsPerByte(3e-10, 1.5e-10), "test");
        StringBuilder csv = new StringBuilder("filters,replicationGrade,receivedRate,messageSizeBytes\n");
        for (int bytes : new int[] {128, 4096, 65_536}) {
            for (int r : new int[] {1, 5, 20}) {
                for (int add : new int[] {5, 80}) {
                    double rate = truth.atMessageSize(bytes).receivedCapacity(FilterSet.simple(r + add), r);
                    csv.append(r + add).append(',').append(r).append(',').append(rate).append(',').append(bytes).append('\n');
                }
            }
        }
        Path points = dir.resolve("sizes.csv");
        Files.writeString(points, csv);
        CliRun run = CliRun.of("fit", "--name", "sized", points.toString());
        assertEquals(0, run.exitCode(), run.err());
        var profile = ProfileResolver.fromResource(new ManifestReader().add(new StringReader(run.out()), "fit output")
                .one(BrokerProfile.class));
        assertEquals(3e-10, profile.parameters().receiveSecondsPerByte(), 3e-10 * 1e-6);
        assertEquals(1.5e-10, profile.parameters().dispatchSecondsPerByte(), 1.5e-10 * 1e-6);
    }

    @Test
    void fitRejectsACsvWithoutTheRequiredColumns() throws IOException {
        Path points = dir.resolve("bad.csv");
        Files.writeString(points, "filters,rate\n10,100\n");
        CliRun run = CliRun.of("fit", points.toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("header lacks column 'replicationGrade'"), run.err());
    }

    @Test
    void fitExplainsPointsThatCannotDetermineTheModel() throws IOException {
        Path points = dir.resolve("flat.csv");
        Files.writeString(points, "filters,replicationGrade,receivedRate\n10,1,9000\n20,1,8000\n40,1,7000\n");
        CliRun run = CliRun.of("fit", points.toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("dispatchSeconds"), run.err());
    }

    @Test
    void sweepWritesCsvAndSvg() throws IOException {
        Path csv = dir.resolve("sweep.csv");
        Path svg = dir.resolve("sweep.svg");
        CliRun run = CliRun.of("sweep", "-f", PlanCommandTest.EXAMPLE.toString(), "--vary", "subscribers",
                "--from", "10", "--to", "10000", "--points", "7", "--csv", csv.toString(), "--svg", svg.toString());
        assertEquals(0, run.exitCode(), run.err());
        List<String> lines = Files.readAllLines(csv);
        assertEquals("subscribers,psrCapacity,ssrCapacity,ssrCapacityEq549,gridCapacity,gridPublisherGroups,gridSubscriberGroups",
                lines.get(0));
        assertEquals(8, lines.size());
        for (String line : lines.subList(1, lines.size())) {
            String[] c = line.split(",");
            double best = Double.parseDouble(c[4]);
            assertTrue(best >= Double.parseDouble(c[1]) * (1 - 1e-5) && best >= Double.parseDouble(c[2]) * (1 - 1e-5),
                    "the best grid includes PSR and SSR: " + line);
        }
        String chart = Files.readString(svg);
        assertTrue(chart.startsWith("<svg") && chart.contains("polyline") && chart.contains("SSR (eq. 5.49)"));
        assertTrue(run.err().contains("sweep 7/7"), "progress shown: " + run.err());
    }

    /** Sizes from 256 B to 256 KB: the CPU binds the small ones, the network the large ones, with more brokers. */
    @Test
    void sweepOverMessageSizeShowsWhereTheNetworkTakesOver() throws IOException {
        Path csv = dir.resolve("size.csv");
        Path svg = dir.resolve("size.svg");
        CliRun run = CliRun.of("sweep", "-f", "../examples/network-bound.yaml", "--vary", "messageSize",
                "--from", "256", "--to", "262144", "--points", "6", "--csv", csv.toString(), "--svg", svg.toString());
        assertEquals(0, run.exitCode(), run.err());
        List<String> lines = Files.readAllLines(csv);
        assertEquals("messageSizeBytes,feasible,brokers,topology,publisherGroups,subscriberGroups,binding,utilization,"
                + "networkUtilization", lines.get(0));
        String[] smallest = lines.get(1).split(",");
        String[] largest = lines.get(lines.size() - 1).split(",");
        assertEquals("Utilization", smallest[6], lines.get(1));
        assertEquals("Network", largest[6], lines.get(lines.size() - 1));
        assertTrue(Long.parseLong(largest[2]) > Long.parseLong(smallest[2]), "more brokers for larger messages");
        assertTrue(Files.readString(svg).contains("layout changes"));
    }

    @Test
    void profilesListsTheDissertationsServers() {
        CliRun run = CliRun.of("profiles");
        assertEquals(0, run.exitCode());
        for (String name : new String[] {"fioranomq", "sunmq", "websphere", "weblogic", "activemq"}) {
            assertTrue(run.out().contains("henjes-" + name), name);
        }
    }
}
