package io.brokerwise.operator.benchmark;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * What a run's pods (its Job's client pods, a calibration's temporary broker) say about themselves, each as
 * "; pod: reason", for the run's condition: why they failed, or what they wait for (a pod the scheduler cannot
 * place, a container that cannot start).
 */
final class PodReasons {

    private static final int MAX_MESSAGE = 300;

    private PodReasons() {
    }

    /** The failed containers' termination messages (the client's reason, or its last log lines). */
    static String failures(List<Pod> pods) {
        StringBuilder out = new StringBuilder();
        for (Pod pod : pods) {
            statuses(pod).filter(c -> c.getState() != null && c.getState().getTerminated() != null
                            && c.getState().getTerminated().getExitCode() != 0)
                    .forEach(c -> append(out, pod, trim(c.getState().getTerminated().getMessage(),
                            c.getState().getTerminated().getReason())));
        }
        return out.toString();
    }

    /** Pods the scheduler cannot place, and containers waiting for a reason the filter accepts. */
    static String waiting(List<Pod> pods, Predicate<String> reasons) {
        StringBuilder out = new StringBuilder();
        for (Pod pod : pods) {
            unschedulable(pod).filter(m -> reasons.test("Unschedulable")).forEach(m -> append(out, pod, m));
            statuses(pod).filter(c -> c.getState() != null && c.getState().getWaiting() != null
                            && reasons.test(c.getState().getWaiting().getReason()))
                    .forEach(c -> append(out, pod, c.getState().getWaiting().getReason()
                            + (c.getState().getWaiting().getMessage() == null ? ""
                            : " (" + trim(c.getState().getWaiting().getMessage(), "") + ")")));
        }
        return out.toString();
    }

    private static Stream<String> unschedulable(Pod pod) {
        if (pod.getStatus() == null || pod.getStatus().getConditions() == null) {
            return Stream.empty();
        }
        return pod.getStatus().getConditions().stream()
                .filter(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus()))
                .map(c -> "cannot be scheduled: " + c.getMessage());
    }

    private static Stream<ContainerStatus> statuses(Pod pod) {
        return pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null ? Stream.empty()
                : pod.getStatus().getContainerStatuses().stream();
    }

    private static void append(StringBuilder out, Pod pod, String what) {
        out.append("; ").append(pod.getMetadata().getName()).append(": ").append(what);
    }

    private static String trim(String message, String fallback) {
        String m = message == null || message.isBlank() ? fallback : message.strip();
        return m.length() > MAX_MESSAGE ? m.substring(m.length() - MAX_MESSAGE) : m;
    }
}
