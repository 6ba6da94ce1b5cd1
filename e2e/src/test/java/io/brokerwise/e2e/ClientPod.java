package io.brokerwise.e2e;

import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A client pod of a topology on the real node ({@link Pods#client}) that runs one main class of the benchmark image
 * as the topology's application user, and whose log a test waits on: the checks of the measure module, which say what
 * they did in their log.
 */
record ClientPod(KubernetesClient k8s, String ns, String name) {

    private static final Set<String> ENDED = Set.of("Succeeded", "Failed");
    /** The phase of a pod that is no more. */
    private static final String GONE = "gone";

    /**
     * The container {@code check} that runs {@code mainClass} of the benchmark image with {@code args}, its
     * environment the topology's credentials Secret (the user, and the brokers' CA when they speak TLS); the caller
     * gives it its resources.
     */
    static ContainerBuilder running(String topology, String mainClass, List<String> args) {
        List<String> command = new ArrayList<>(List.of("java", "-Xmx192m", "-cp",
                "@/opt/brokerwise/jib-classpath-file", mainClass));
        command.addAll(args);
        return new ContainerBuilder().withName("check").withImage(LocalCluster.BENCH_IMAGE).withCommand(command)
                .addNewEnvFrom().withNewSecretRef().withName(topology + "-broker-credentials").endSecretRef()
                .endEnvFrom();
    }

    /** Creates the pod {@code name}, a client of {@code topology} running {@code container}, with these volumes. */
    static ClientPod start(KubernetesClient k8s, String ns, String topology, String name, ContainerBuilder container,
                           Volume... volumes) {
        Pod pod = Pods.client(name, topology, topology + "-routing", container);
        k8s.pods().inNamespace(ns).resource(new PodBuilder(pod).editSpec().addToVolumes(volumes).endSpec().build())
                .create();
        return new ClientPod(k8s, ns, name);
    }

    /** What {@code command} prints, run in its container. */
    String exec(String... command) {
        return Pods.exec(k8s, ns, name, command);
    }

    /**
     * Waits until {@code inLog} finds what it looks for in the log, and returns it; fails naming {@code what} after
     * {@code atMost}, or as soon as the pod has ended without it.
     */
    <T> T await(String what, Duration atMost, Function<String, Optional<T>> inLog) {
        long deadline = System.nanoTime() + atMost.toNanos();
        while (true) {
            // the phase before the log: the log of a pod that had ended is all it will ever print
            String phase = phase();
            String log = log();
            Optional<T> found = inLog.apply(log);
            if (found.isPresent()) {
                return found.get();
            }
            if (System.nanoTime() > deadline || ENDED.contains(phase) || phase.equals(GONE)) {
                throw new AssertionError(name + " never logged " + what + " within " + atMost + " (" + phase
                        + "):\n" + describe());
            }
            sleep(Duration.ofSeconds(1));
        }
    }

    /** Waits until its log holds {@code line}; returns the log. */
    String awaitLine(String line, Duration atMost) {
        return await("'" + line + "'", atMost, log -> Optional.of(log).filter(l -> l.contains(line)));
    }

    /** Waits for the pod to end, at most {@code atMost}; returns its phase, Succeeded or Failed. */
    String awaitEnd(Duration atMost) {
        try {
            return k8s.pods().inNamespace(ns).withName(name).waitUntilCondition(p -> p != null && p.getStatus() != null
                    && ENDED.contains(p.getStatus().getPhase()), atMost.toMillis(), TimeUnit.MILLISECONDS)
                    .getStatus().getPhase();
        } catch (KubernetesClientTimeoutException e) {
            throw new AssertionError(name + " did not finish within " + atMost + ":\n" + describe(), e);
        }
    }

    /** Its phase; {@value #GONE} once it is deleted. */
    String phase() {
        Pod p = k8s.pods().inNamespace(ns).withName(name).get();
        return p == null ? GONE : String.valueOf(p.getStatus().getPhase());
    }

    /** Its log so far; empty while its container has not started. */
    String log() {
        return orEmpty(() -> k8s.pods().inNamespace(ns).withName(name).getLog());
    }

    /** The last {@code lines} lines of its log. */
    String tail(int lines) {
        return orEmpty(() -> k8s.pods().inNamespace(ns).withName(name).tailingLines(lines).getLog());
    }

    /** The namespace's pods and events, and its log: what a failing test prints. */
    String describe() {
        return Pods.describe(k8s, ns) + "\n" + log();
    }

    private static String orEmpty(Supplier<String> log) {
        try {
            String text = log.get();
            return text == null ? "" : text;
        } catch (KubernetesClientException e) {
            return "";
        }
    }

    static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
