package io.brokerwise.e2e;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs the client probe (brokerwise.io/probe, the client library's RoutingProbe) as a pod on the real
 * node: it follows the routing map mounted from a ConfigMap with the credentials of a Secret, and its phase
 * and logs are the verdict (Succeeded only if every matching subscriber got every message of every
 * publisher group and non-matching ones got none).
 */
record ProbePod(String phase, String logs) {

    /** {@code clientOf}: the topology whose NetworkPolicy must let the probe in (label brokerwise.io/client-of). */
    static ProbePod run(KubernetesClient k8s, String ns, String name, String clientOf, String routingConfigMap,
                        String secret) {
        k8s.pods().inNamespace(ns).resource(Pods.client(name, clientOf, routingConfigMap, new ContainerBuilder()
                .withName("probe").withImage(LocalCluster.PROBE_IMAGE)
                .addNewEnv().withName("JAVA_TOOL_OPTIONS").withValue("-Xmx96m").endEnv()
                .addNewEnvFrom().withNewSecretRef().withName(secret).endSecretRef().endEnvFrom())).create();
        Pod done;
        try {
            done = k8s.pods().inNamespace(ns).withName(name).waitUntilCondition(
                    p -> p != null && p.getStatus() != null
                            && Set.of("Succeeded", "Failed").contains(p.getStatus().getPhase()),
                    3, TimeUnit.MINUTES);
        } catch (KubernetesClientTimeoutException e) {
            throw new AssertionError("probe pod did not finish:\n" + Pods.describe(k8s, ns), e);
        }
        String logs = k8s.pods().inNamespace(ns).withName(name).getLog();
        System.out.println("probe pod " + name + " logs:\n" + logs);
        return new ProbePod(done.getStatus().getPhase(), logs);
    }
}
