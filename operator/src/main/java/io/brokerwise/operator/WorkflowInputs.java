package io.brokerwise.operator;

import io.javaoperatorsdk.operator.api.reconciler.Context;
import java.util.Optional;

/**
 * What a reconciler hands its dependents for one pass, each under its own type: a dependent reads its inputs by
 * type, never by a string a reader and a writer must spell alike.
 */
public final class WorkflowInputs {

    private WorkflowInputs() {
    }

    public static void put(Context<?> context, Object input) {
        context.managedWorkflowAndDependentResourceContext().put(input.getClass().getName(), input);
    }

    /** The input of {@code type} this pass put; a dependent that runs without it is a wiring error. */
    public static <T> T get(Context<?> context, Class<T> type) {
        return context.managedWorkflowAndDependentResourceContext().getMandatory(type.getName(), type);
    }

    /** The input of {@code type}, if this pass put one (inputs that gate a dependent's existence). */
    public static <T> Optional<T> find(Context<?> context, Class<T> type) {
        return context.managedWorkflowAndDependentResourceContext().get(type.getName(), type);
    }
}
