package io.brokerwise.e2e;

import io.brokerwise.testsupport.BuiltTools;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where the local cluster started by {@code e2e/cluster up} is, and a client for it.
 *
 * <p>The kubeconfig is looked up in this order: the {@code brokerwise.kubeconfig} system property,
 * the {@code BROKERWISE_KUBECONFIG} environment variable, {@code e2e/.state/kubeconfig} of this
 * checkout, then {@code /var/lib/brokerwise/kubeconfig} (where {@code up} writes it). KUBECONFIG
 * is deliberately not consulted: a test must never reach a cluster it was not meant for.
 */
public final class LocalCluster {

    /** The label and the taint value of the dedicated broker nodes, real and simulated. */
    public static final String BROKER_NODE_LABEL = "brokerwise.io/broker-node";
    /** The label kwok-simulated nodes carry, and the value it has. */
    public static final String SIM_NODE_LABEL = "type";
    public static final String SIM_NODE_VALUE = "kwok";
    /** The broker image {@code e2e/image broker} builds and {@code up} loads into the node. */
    public static final String BROKER_IMAGE = "brokerwise.io/artemis:2.56.0";
    /** The client probe image ({@code e2e/image probe}): the client library's RoutingProbe. */
    public static final String PROBE_IMAGE = "brokerwise.io/probe:0.1.0";
    /** The benchmark client image ({@code e2e/image bench}): the measuring core, the delivery check too. */
    public static final String BENCH_IMAGE = "brokerwise.io/bench:0.1.0";
    /** The operator image ({@code e2e/image operator}), the chart's default. */
    public static final String OPERATOR_IMAGE = "brokerwise.io/operator:0.1.0";

    private LocalCluster() {
    }

    /** The kubeconfig of a running local cluster, if one is there. */
    public static Optional<Path> kubeconfig() {
        return Stream.of(System.getProperty("brokerwise.kubeconfig"), System.getenv("BROKERWISE_KUBECONFIG"))
                .filter(s -> s != null && !s.isBlank())
                .map(Path::of)
                .findFirst()
                .or(() -> Stream.of(BuiltTools.e2eDir().resolve(".state/kubeconfig"),
                                Path.of("/var/lib/brokerwise/kubeconfig"))
                        .filter(Files::isReadable)
                        .findFirst());
    }

    /** A client for the local cluster; fails with the command to run when there is none. */
    public static KubernetesClient client() {
        Path path = kubeconfig().orElseThrow(() -> new IllegalStateException(
                "no local cluster: run `e2e/cluster up --sim-nodes 3` first (no kubeconfig in "
                        + BuiltTools.e2eDir().resolve(".state") + " or /var/lib/brokerwise)"));
        try {
            Config config = Config.fromKubeconfig(Files.readString(path));
            return new KubernetesClientBuilder().withConfig(config).build();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read kubeconfig " + path, e);
        }
    }
}
