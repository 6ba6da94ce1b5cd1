package io.brokerwise.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BuiltToolsTest {

    @Test
    void theVersionsAreTheOnesTheGoModulesRequire() {
        assertTrue(BuiltTools.kubernetesVersion().matches("v1\\.\\d+\\.\\d+"), BuiltTools.kubernetesVersion());
        assertTrue(BuiltTools.helm().toString().matches(".*/bin/helm-v3\\.\\d+\\.\\d+/helm"), BuiltTools.helm().toString());
        assertTrue(Files.isExecutable(BuiltTools.e2eDir().resolve("cluster")), "found the checkout's e2e/");
    }

    @Test
    void aRequirementCountsOnlyOnALineOfItsOwn() {
        String goMod = """
                // Builds the Kubernetes v9.9.9 commands
                module brokerwise.io/e2e/tools/kubernetes

                require k8s.io/kubernetes v1.34.4

                require (
                	k8s.io/api v0.34.4 // indirect
                )
                """;
        assertEquals(Optional.of("v1.34.4"), BuiltTools.requiredIn(goMod, "k8s.io/kubernetes"));
        assertEquals(Optional.empty(), BuiltTools.requiredIn(goMod, "k8s.io/api"));
    }
}
