package io.brokerwise.client;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

@AnalyzeClasses(packages = "io.brokerwise.client", importOptions = ImportOption.DoNotIncludeTests.class)
class LayerRulesTest {

    /**
     * Applications embed the client, which needs only the routing map and Artemis's client: Fabric8 would bring
     * a Kubernetes client into each of them. The enforcer rule keeps it out of the dependency tree, this one out
     * of the code should it come back through another dependency.
     */
    @ArchTest
    static final ArchRule clientKnowsNoFabric8 = noClasses().that().resideInAPackage("io.brokerwise.client..")
            .should().dependOnClassesThat().resideInAPackage("io.fabric8..");
}
