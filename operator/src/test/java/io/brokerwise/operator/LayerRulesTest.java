package io.brokerwise.operator;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameEndingWith;
import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.javaoperatorsdk.operator.api.reconciler.dependent.managed.ManagedWorkflowAndDependentResourceContext;

@AnalyzeClasses(packages = "io.brokerwise.operator", importOptions = ImportOption.DoNotIncludeTests.class)
class LayerRulesTest {

    /**
     * A dependent builds one resource from the primary resource and its context; the reconcilers wire the
     * dependents together, so a dependent reaching back into one would make the two depend on each other.
     */
    @ArchTest
    static final ArchRule dependentsKnowNoReconciler = noClasses().that()
            .resideInAPackage("io.brokerwise.operator.dependent..")
            .should().dependOnClassesThat(simpleNameEndingWith("Reconciler")
                    .and(resideInAPackage("io.brokerwise.operator.."))
                    .as("are the operator's reconcilers"));

    /**
     * The operator's packages form floors: the vocabulary of a deployed layout ({@code layout}) at the bottom, the
     * dependents, autoscaling and temporary brokers above it, the reconcilers on top. A cycle would tie two floors
     * into one room that can only change together.
     */
    @ArchTest
    static final ArchRule operatorPackagesFormNoCycle = slices().matching("io.brokerwise.operator.(*)..")
            .should().beFreeOfCycles();

    /**
     * A reconciler hands its dependents their inputs by type ({@link WorkflowInputs}): a string key that a writer and
     * a reader must spell alike breaks silently when one of them changes.
     */
    @ArchTest
    static final ArchRule dependentsGetTheirInputsByType = noClasses().that().doNotBelongToAnyOf(WorkflowInputs.class)
            .should().callMethodWhere(target(owner(assignableTo(ManagedWorkflowAndDependentResourceContext.class)))
                    .and(target(nameMatching("put|get|getMandatory|computeIfAbsent"))))
            .as("no class but WorkflowInputs reads or writes the workflow context");
}
