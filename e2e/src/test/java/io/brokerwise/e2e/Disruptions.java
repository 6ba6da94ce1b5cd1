package io.brokerwise.e2e;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The steps a counted load is disrupted by ({@link CountedLoad#run}); each returns when what it broke is whole. */
final class Disruptions {

    private Disruptions() {
    }

    /** The operator's pod killed: the control plane's loss, which neither brokers nor clients need. */
    static CountedLoad.Step killOperator() {
        return load -> {
            String operator = OperatorInstall.pod(load.k8s).getMetadata().getName();
            long killed = System.currentTimeMillis();
            load.k8s.pods().inNamespace(OperatorInstall.NAMESPACE).withName(operator).withGracePeriod(0).delete();
            return Disruption.unharmful("operator pod killed", killed, awaitNewOperatorReady(load.k8s, operator));
        };
    }

    /** The API server down and back (its process restarted, as a control-plane upgrade does). */
    static CountedLoad.Step restartApiServer() {
        return load -> {
            long stopped = System.currentTimeMillis();
            Commands.run(Map.of(), Duration.ofMinutes(2), List.of("e2e/cluster", "restart-apiserver"));
            return Disruption.unharmful("API server restarted", stopped, System.currentTimeMillis());
        };
    }

    /**
     * Broker pods force-deleted at once, as the pod garbage collector does to the pods of a lost node; the outage
     * lasts until each is back (a new pod, Ready) and every subscriber hears from every publisher again.
     */
    static CountedLoad.Step killBrokers(String what, List<String> pods) {
        return load -> {
            var pod = load.k8s.pods().inNamespace(load.ns);
            var before = pods.stream().map(p -> pod.withName(p).get().getMetadata().getUid()).toList();
            long killed = System.currentTimeMillis();
            pods.forEach(p -> pod.withName(p).withGracePeriod(0).delete());
            for (int i = 0; i < pods.size(); i++) {
                String uid = before.get(i);
                pod.withName(pods.get(i)).waitUntilCondition(p -> p != null && !uid.equals(p.getMetadata().getUid())
                        && Topologies.ready(p), 3, TimeUnit.MINUTES);
            }
            long back = System.currentTimeMillis();
            System.out.printf("DISRUPTION %s: Ready again after %.1f s%n", what, (back - killed) / 1e3);
            return Disruption.outage(what, killed, load.awaitCaughtUp(back), pods);
        };
    }

    /**
     * The topology changed to {@code yaml}, which plans {@code rows x columns}: a layout move, from the change until
     * the check's clients followed the routing map to the new layout.
     */
    static CountedLoad.Step changeLayout(String yaml, int rows, int columns) {
        return load -> {
            long changed = System.currentTimeMillis();
            Topologies.apply(load.k8s, load.ns, yaml);
            Topologies.awaitRoutedBrokers(load.k8s, load.ns, load.topology, rows * columns);
            return Disruption.move(rows + "x" + columns, changed,
                    load.check.awaitMoveTo(rows, columns, changed, Duration.ofMinutes(3)));
        };
    }

    /**
     * The topology changed to {@code yaml}, whose brokers need a restart (their memory, say): the operator rolls it out
     * cell by cell, each cell's clients moved to a new broker before the old one goes, {@code cells} + 1 routing maps
     * in all (the cell on the extra broker moves back last). From the change until the check's clients followed the
     * last of them. Throughout, the routing map is sampled: it may never name a broker whose pod is not Ready.
     */
    static CountedLoad.Step rollOut(String what, String yaml, int rows, int columns) {
        return load -> {
            int cells = rows * columns;
            RoutedBrokersSampler sampler = RoutedBrokersSampler.start(load.k8s, load.ns, load.topology);
            long changed = System.currentTimeMillis();
            Topologies.apply(load.k8s, load.ns, yaml);
            long moved = load.check.awaitMovesTo(rows, columns, cells + 1, changed, Duration.ofMinutes(10));
            Topologies.await(load.k8s, load.ns, load.topology, "RollingOut", "False", "current template", 4);
            long done = System.currentTimeMillis();
            sampler.stopAndAssertEveryRoutedBrokerReady();
            System.out.printf("ROLLOUT %s: %d cells, %d moves; the clients followed the last %.1f s after the change, "
                    + "the rollout ended after %.1f s; %s%n", what, cells, cells + 1, (moved - changed) / 1e3,
                    (done - changed) / 1e3, sampler.summary());
            return Disruption.rollout(what, changed, moved, cells + 1);
        };
    }

    /**
     * The topology changed to {@code yaml}, which plans {@code replicas} replicas of queue {@code queue}: from the
     * change until the routing map routes the queue to exactly that many, every one with a producer and a consumer
     * of the check attached, so a replica marked for removal has emptied and left the map. The topic's layout does
     * not move: for its subscribers nothing may be lost and nothing may arrive twice.
     */
    static CountedLoad.Step resizeQueue(String yaml, String queue, int replicas) {
        return load -> {
            long changed = System.currentTimeMillis();
            Topologies.apply(load.k8s, load.ns, yaml);
            Topologies.awaitQueueRoute(load.k8s, load.ns, load.topology, queue, route -> route.replicas().size()
                    == replicas && route.replicas().stream().allMatch(r -> !r.retiring() && r.producers() > 0
                    && r.consumers() > 0), replicas + " replicas, each with a producer and a consumer");
            long done = System.currentTimeMillis();
            System.out.printf("QUEUE %s on %d replicas: routed with clients %.1f s after the change%n", queue,
                    replicas, (done - changed) / 1e3);
            return Disruption.unharmful("queue " + queue + " on " + replicas + " replicas", changed, done);
        };
    }

    /** When a pod other than {@code killed} is the operator's, Ready. */
    private static long awaitNewOperatorReady(KubernetesClient k8s, String killed) {
        try {
            k8s.pods().inNamespace(OperatorInstall.NAMESPACE).withLabel("app.kubernetes.io/name",
                    OperatorInstall.DEPLOYMENT).informOnCondition(pods -> pods.stream().anyMatch(p ->
                    !killed.equals(p.getMetadata().getName()) && Topologies.ready(p))).get(3, TimeUnit.MINUTES);
            return System.currentTimeMillis();
        } catch (Exception e) {
            throw new AssertionError("no operator pod Ready after " + killed + " was killed:\n"
                    + Pods.describe(k8s, OperatorInstall.NAMESPACE), e);
        }
    }
}
