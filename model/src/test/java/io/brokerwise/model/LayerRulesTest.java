package io.brokerwise.model;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

@AnalyzeClasses(packages = "io.brokerwise.model", importOptions = ImportOption.DoNotIncludeTests.class)
class LayerRulesTest {

    /** The CLI and the benchmarks plan with the model outside any cluster, so it must not need one. */
    @ArchTest
    static final ArchRule modelKnowsNoKubernetes = noClasses().that().resideInAPackage("io.brokerwise.model..")
            .should().dependOnClassesThat().resideInAnyPackage("io.fabric8..", "io.javaoperatorsdk..",
                    "io.quarkus..", "io.brokerwise.api..", "io.brokerwise.operator..");

    /**
     * What the manifests and the command lines share (such as {@code Durations}) lives here as plain Java: the
     * command-line and JSON bindings stay with the modules that have them.
     */
    @ArchTest
    static final ArchRule modelKnowsNoCommandLineOrJson = noClasses().that().resideInAPackage("io.brokerwise.model..")
            .should().dependOnClassesThat().resideInAnyPackage("picocli..", "com.fasterxml.jackson..");
}
