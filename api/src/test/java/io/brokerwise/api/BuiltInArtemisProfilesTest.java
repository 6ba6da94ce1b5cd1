package io.brokerwise.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.planning.ProfileResolver;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.PubSubTopologySpec;
import io.brokerwise.api.v1alpha1.WorkloadSpec;
import io.brokerwise.model.service.BuiltInProfiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The calibrated profiles in profiles/ are also built in, so a topology plans with them offline and in
 * the operator without applying anything; the built-in numbers must be the calibrated ones.
 */
class BuiltInArtemisProfilesTest {

    @Test
    void everyCalibratedProfileIsBuiltInWithItsParameters() throws IOException {
        List<Path> manifests;
        try (Stream<Path> files = Files.list(Path.of("../profiles"))) {
            manifests = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertFalse(manifests.isEmpty());
        for (Path manifest : manifests) {
            ManifestReader reader = new ManifestReader();
            try (var in = Files.newBufferedReader(manifest)) {
                reader.add(in, manifest.toString());
            }
            var calibrated = ProfileResolver.fromResource(reader.one(BrokerProfile.class));
            var builtIn = BuiltInProfiles.find(calibrated.name(), null).orElseThrow(
                    () -> new AssertionError(calibrated.name() + " of " + manifest + " is not a built-in profile"));
            assertEquals(calibrated.model().name(), builtIn.model().name(), manifest.toString());
            assertEquals(calibrated.parameters(), builtIn.parameters(), manifest.toString());
        }
    }

    @Test
    void aTopicWithoutProfileRefPlansWithTheHalfCoreProfileOfWhatItsBrokersJournalNothing() {
        PubSubTopologySpec spec = new PubSubTopologySpec();
        spec.workload = new WorkloadSpec();
        spec.workload.deliveryMode = WorkloadSpec.DeliveryMode.NonPersistent;
        assertEquals("artemis-2.56-halfcore-nonpersistent", ProfileResolver.forTopology(spec, List.of()).name());
        spec.workload.deliveryMode = WorkloadSpec.DeliveryMode.Persistent;
        assertEquals("artemis-2.56-halfcore-nonpersistent", ProfileResolver.forTopology(spec, List.of()).name(),
                "non-durable subscriptions: nothing journaled, persistent or not");
        spec.profileRef = new io.brokerwise.api.v1alpha1.ProfileRef("henjes-activemq");
        assertEquals("henjes-activemq-application-property", ProfileResolver.forTopology(spec, List.of()).name());
    }
}
