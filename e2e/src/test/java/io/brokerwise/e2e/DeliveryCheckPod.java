package io.brokerwise.e2e;

import io.brokerwise.measure.delivery.DeliveryCheck;
import io.brokerwise.measure.delivery.DeliveryProgress;
import io.brokerwise.measure.delivery.DeliveryReport;
import io.brokerwise.measure.delivery.LoadSchedule;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The delivery check (the benchmark image's {@code DeliveryCheck}) as a pod on the real node, a client of a
 * topology: it follows the topology's routing map with the topology's credentials while it publishes a counted
 * load, and its log ends with the {@link DeliveryReport}. Its schedule only bounds the load: a test moves the
 * schedule on and ends the load through the check's control file ({@link #control}), once what it waited for has
 * happened, and waits on the check's progress lines ({@link #awaitProgress}) instead of sleeping.
 */
final class DeliveryCheckPod {

    /** How long the check's subscribers keep receiving after the load's end, before it counts. */
    static final Duration DRAIN = Duration.ofSeconds(15);
    /** The check's control file, in a volume of its own: the container's root filesystem is read-only. */
    static final String CONTROL = "/var/run/brokerwise-check/control";

    private final ClientPod pod;
    private final LoadSchedule load;
    /** Wall-clock millis by which the load ends: its schedule's end until the test stops it earlier. */
    private long loadEndsBy = Long.MAX_VALUE;

    private DeliveryCheckPod(ClientPod pod, LoadSchedule load) {
        this.pod = pod;
        this.load = load;
    }

    /** @param more further arguments of the check, such as {@code --queue} and its name */
    static DeliveryCheckPod start(KubernetesClient k8s, String ns, String topology, String name, String schedule,
                                  int publishers, int subscribers, int keys, String... more) {
        List<String> args = new ArrayList<>(List.of("--schedule", schedule, "--publishers",
                String.valueOf(publishers), "--subscribers", String.valueOf(subscribers), "--keys",
                String.valueOf(keys), "--watch-period", "1s", "--drain", DRAIN.toSeconds() + "s", "--control",
                CONTROL));
        args.addAll(List.of(more));
        ContainerBuilder check = ClientPod.running(topology, DeliveryCheck.class.getName(), args)
                .addNewVolumeMount().withName("control").withMountPath(CONTROL.substring(0, CONTROL.lastIndexOf('/')))
                .endVolumeMount()
                // requests below the limit: beside a grid of brokers the real node's two CPUs are mostly requested
                .withNewResources().addToRequests("cpu", new Quantity("200m")).addToLimits("cpu", new Quantity("500m"))
                .addToRequests("memory", new Quantity("384Mi")).addToLimits("memory", new Quantity("384Mi"))
                .endResources();
        Volume control = new VolumeBuilder().withName("control").withNewEmptyDir().withMedium("Memory")
                .withSizeLimit(new Quantity("1Mi")).endEmptyDir().build();
        return new DeliveryCheckPod(ClientPod.start(k8s, ns, topology, name, check, control),
                LoadSchedule.parse(schedule));
    }

    /**
     * Tells the running check what to do next: {@code phase N} moves its schedule on to phase N now, {@code stop}
     * ends its load (then it drains, counts and exits).
     */
    void control(String command) {
        if (!command.matches("phase \\d+|stop")) {
            throw new IllegalArgumentException("a delivery check understands 'phase N' or 'stop', not " + command);
        }
        pod.exec("sh", "-c", "echo '" + command + "' > " + CONTROL + ".next && mv " + CONTROL + ".next " + CONTROL);
        if (command.equals("stop")) {
            loadEndsBy = System.currentTimeMillis();
        }
    }

    /**
     * Waits until the check's latest progress line satisfies {@code reached}; fails naming {@code what} after
     * {@code atMost}. The check prints one every second.
     */
    DeliveryProgress awaitProgress(String what, Duration atMost, Predicate<DeliveryProgress> reached) {
        long deadline = System.nanoTime() + atMost.toNanos();
        Optional<DeliveryProgress> latest = Optional.empty();
        while (System.nanoTime() < deadline) {
            // the tail, where the latest progress is: a check prints a line every second
            latest = DeliveryProgress.latest(pod.tail(40));
            if (latest.filter(reached).isPresent()) {
                return latest.get();
            }
            ClientPod.sleep(Duration.ofSeconds(1));
        }
        throw new AssertionError("the delivery check never reached " + what + " within " + atMost + " (latest: "
                + latest.map(DeliveryProgress::line).orElse("none") + "):\n" + pod.describe());
    }

    /** Wall-clock millis when the load started (the check logs it once its subscribers are in place). */
    long awaitLoadStarted() {
        return pod.await("the start of its load", Duration.ofMinutes(2), log -> log.lines()
                .filter(l -> l.startsWith(STARTED)).findFirst()
                .map(l -> Long.parseLong(l.substring(STARTED.length()).trim())));
    }

    /**
     * Waits until the check's client has moved to a routing map of {@code publisherGroups x subscriberGroups} at
     * {@code since} (epoch millis) or later (its log says so), and returns when: the kubelet re-mounts a changed
     * ConfigMap within its sync period (10 s on the local cluster).
     */
    long awaitMoveTo(int publisherGroups, int subscriberGroups, long since, Duration atMost) {
        return awaitMovesTo(publisherGroups, subscriberGroups, 1, since, atMost);
    }

    /** When the check's clients followed the {@code count}-th routing map of that layout since {@code since}. */
    long awaitMovesTo(int publisherGroups, int subscriberGroups, int count, long since, Duration atMost) {
        String moved = "delivery-check: moved to " + publisherGroups + " x " + subscriberGroups + " at ";
        // a list of disruptions run over again moves to the same layout again: only moves since count
        return pod.await(count + " moves to " + publisherGroups + " x " + subscriberGroups, atMost, log -> {
            List<Long> times = log.lines().filter(l -> l.startsWith(moved))
                    .map(l -> Long.parseLong(l.substring(moved.length()).trim())).filter(t -> t >= since).toList();
            return times.size() >= count ? Optional.of(times.get(count - 1)) : Optional.empty();
        });
    }

    /**
     * Waits for the check to end, at most {@code afterLoad} past the end of its load and drain, and reads its report.
     * Counted from the load's end, not from the call: a test that calls this early (its faults healed quickly) must
     * not leave the check only seconds to close its links and exit.
     */
    DeliveryReport report(Duration afterLoad) {
        long loadEnds = Math.min(loadEndsBy, awaitLoadStarted() + load.length().toMillis()) + DRAIN.toMillis();
        long atMostMillis = Math.max(0, loadEnds - System.currentTimeMillis()) + afterLoad.toMillis();
        String phase = pod.awaitEnd(Duration.ofMillis(atMostMillis));
        String log = pod.log();
        if (!"Succeeded".equals(phase)) {
            throw new AssertionError("the delivery check failed:\n" + log);
        }
        // what its clients did: moves, reconnects, failed sends (the first 40 lines)
        log.lines().filter(l -> l.startsWith("delivery-check: ")).limit(40).forEach(System.out::println);
        return DeliveryReport.fromLog(log);
    }

    /** The line the check logs as its publishers start, with the wall-clock millis. */
    static final String STARTED = DeliveryCheck.LOAD_STARTED;
}
