package io.brokerwise.e2e;

import io.fabric8.kubernetes.api.model.Pod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * A container's processes as the real node's kernel sees them: the tests run as root on that host. Killing them
 * with SIGKILL is a crash, as a lost node or the OOM killer makes one: no shutdown hook runs, nothing is written on
 * the way out. (Deleting the pod sends SIGTERM first, and a broker that stops writes its state down.)
 */
final class HostProcesses {

    private HostProcesses() {
    }

    /** SIGKILLs every process of {@code container} in {@code pod}; returns what it killed. */
    static String killContainer(Pod pod, String container) throws IOException {
        String id = pod.getStatus().getContainerStatuses().stream().filter(c -> container.equals(c.getName()))
                .findFirst().orElseThrow().getContainerID().replaceFirst("^[a-z]+://", "");
        List<ProcessHandle> processes = inCgroupOf(id);
        if (processes.isEmpty()) {
            throw new IllegalStateException("no process of container " + id + " on this host");
        }
        processes.forEach(ProcessHandle::destroyForcibly);
        return pod.getMetadata().getName() + "/" + container + " (pids " + processes.stream()
                .map(p -> String.valueOf(p.pid())).toList() + ", SIGKILL)";
    }

    private static List<ProcessHandle> inCgroupOf(String containerId) throws IOException {
        try (Stream<ProcessHandle> all = ProcessHandle.allProcesses()) {
            return all.filter(p -> cgroup(p).contains(containerId)).toList();
        }
    }

    private static String cgroup(ProcessHandle p) {
        try {
            return Files.readString(Path.of("/proc", String.valueOf(p.pid()), "cgroup"));
        } catch (IOException | RuntimeException e) {
            return ""; // gone since it was listed
        }
    }
}
