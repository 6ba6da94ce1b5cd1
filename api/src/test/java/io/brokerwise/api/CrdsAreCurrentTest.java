package io.brokerwise.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.fabric8.crdv2.generator.CRDGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CRDs in crds/ are generated from the v1alpha1 classes and checked in, so that a chart or a user
 * can apply them without building. This test fails when they are stale; run it with
 * {@code -Dcrds.update=true} (e.g. {@code ./mvnw -pl model,api test -Dtest=CrdsAreCurrentTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dcrds.update=true})
 * to write them anew.
 */
class CrdsAreCurrentTest {

    static final Path CHECKED_IN = Path.of("../crds");

    @TempDir
    Path generated;

    @Test
    void checkedInCrdsMatchTheClasses() throws IOException {
        new CRDGenerator().inOutputDir(generated.toFile()).forCRDVersions("v1")
                .customResourceClasses(PubSubTopology.class, BrokerProfile.class, BenchmarkRun.class).generate();
        List<Path> files = list(generated);
        assertEquals(3, files.size(), "one CRD per resource: " + files);
        if (Boolean.getBoolean("crds.update")) {
            Files.createDirectories(CHECKED_IN);
            for (Path f : files) {
                Files.copy(f, CHECKED_IN.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        for (Path f : files) {
            Path checkedIn = CHECKED_IN.resolve(f.getFileName());
            assertTrue(Files.exists(checkedIn), checkedIn + " is missing: run this test with -Dcrds.update=true");
            assertEquals(Files.readString(f), Files.readString(checkedIn),
                    checkedIn + " is stale: run this test with -Dcrds.update=true and commit crds/");
        }
        assertEquals(files.stream().map(Path::getFileName).toList(), list(CHECKED_IN).stream().map(Path::getFileName).toList(),
                "crds/ holds exactly the generated CRDs");
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".yml")).sorted().toList();
        }
    }
}
