package io.brokerwise.measure.contract;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

@AnalyzeClasses(packages = "io.brokerwise.measure.contract", importOptions = ImportOption.DoNotIncludeTests.class)
class LayerRulesTest {

    /**
     * The operator reads these records and carries this module in its image: what runs a load (the measure
     * module's engine, the client library, Artemis, picocli, HdrHistogram, the broker module) stays out.
     */
    @ArchTest
    static final ArchRule contractKnowsNoLoadEngine = noClasses().that()
            .resideInAPackage("io.brokerwise.measure.contract..")
            .should().dependOnClassesThat(resideInAnyPackage("io.brokerwise.client..", "io.brokerwise.broker..",
                    "org.apache.activemq..", "jakarta.jms..", "picocli..", "org.HdrHistogram..")
                    .or(resideInAPackage("io.brokerwise.measure")).as("are the load engine's"));
}
