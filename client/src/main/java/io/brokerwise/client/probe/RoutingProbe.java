package io.brokerwise.client.probe;

import io.brokerwise.client.ClientOptions;
import io.brokerwise.client.Outgoing;
import io.brokerwise.client.Publisher;
import io.brokerwise.client.Subscriber;
import io.brokerwise.client.TopologyClient;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapWatcher;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * End-to-end check of a deployed topology through the client library: reads the routing map mounted from
 * the topology's routing ConfigMap, runs one publisher per publisher group and, per subscriber group, one
 * subscriber whose selector matches half of the messages and one whose selector matches none. Logs what each
 * subscriber received from each publisher group and exits 0 only if every matching subscriber got every
 * message of every publisher group exactly once and no non-matching subscriber got any; a pod's phase and
 * logs are then the verdict. Credentials come from the topology's Secret (ARTEMIS_USER, ARTEMIS_PASSWORD), and so does the CA of brokers
 * that speak TLS (ARTEMIS_CA).
 */
public final class RoutingProbe {

    static final String MATCHING = "probe_color = 'red'";
    static final String NON_MATCHING = "probe_color = 'green'";

    private RoutingProbe() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(env("ROUTING_MAP", "/etc/brokerwise/routing/routing.json"));
        int messages = Integer.parseInt(env("MESSAGES", "20"));
        long timeoutMillis = Long.parseLong(env("TIMEOUT_SECONDS", "60")) * 1000;
        RoutingMap map = RoutingMapWatcher.read(file);
        ClientOptions options = ClientOptions.of(required("ARTEMIS_USER"), required("ARTEMIS_PASSWORD"))
                .trustingEnvironmentCa();
        System.out.printf("probe: topic %s of %s, %d publisher group(s) x %d subscriber group(s), brokers %s%n",
                map.topics().get(0), map.topics(), map.publisherGroups(), map.subscriberGroups(), map.brokers());
        boolean ok;
        try (TopologyClient client = new TopologyClient(map, options)) {
            // every topic shares the brokers and the routes: the first one shows them
            String topic = map.topics().get(0);
            List<Tally> tallies = subscribe(client, topic, map.subscriberGroups());
            publish(client, topic, map.publisherGroups(), messages);
            int expected = messages * map.publisherGroups();
            long deadline = System.currentTimeMillis() + timeoutMillis;
            while (System.currentTimeMillis() < deadline && !tallies.stream().allMatch(t -> t.complete(expected))) {
                Thread.sleep(100);
            }
            Thread.sleep(1000); // a late duplicate or a leaked non-matching message would show up here
            ok = report(tallies, map.publisherGroups(), messages);
        }
        System.out.println(ok ? "probe: OK" : "probe: FAILED");
        System.exit(ok ? 0 : 1);
    }

    /** Two subscribers per group: the election puts subscriber i in group i mod l, so each group gets both. */
    private static List<Tally> subscribe(TopologyClient client, String topic, int groups) throws JMSException {
        List<Tally> tallies = new ArrayList<>();
        for (String selector : List.of(MATCHING, NON_MATCHING)) {
            for (int g = 0; g < groups; g++) {
                Tally t = new Tally(selector);
                Subscriber s = client.subscriber(topic, selector, t::add);
                t.group = s.group();
                t.brokers = s.brokers();
                tallies.add(t);
            }
        }
        return tallies;
    }

    /** One publisher per group; each sends n matching and n non-matching messages, tagged with its group. */
    private static void publish(TopologyClient client, String topic, int groups, int n) throws JMSException {
        for (int g = 0; g < groups; g++) {
            Publisher p = client.publisher(topic, false);
            for (int seq = 0; seq < n; seq++) {
                for (String color : List.of("red", "blue")) {
                    p.publish(new Outgoing(new byte[16], Map.of("probe_color", color, "probe_pg", p.group(),
                            "probe_seq", seq), null));
                }
            }
            System.out.printf("probe: publisher group %d sent %d matching and %d non-matching message(s) to %s%n",
                    p.group(), n, n, p.brokers());
        }
    }

    private static boolean report(List<Tally> tallies, int publisherGroups, int n) {
        boolean ok = true;
        for (Tally t : tallies) {
            boolean matching = t.selector.equals(MATCHING);
            StringBuilder line = new StringBuilder();
            boolean good = matching ? t.total() == n * publisherGroups && t.duplicates == 0 : t.total() == 0;
            for (int pg = 0; pg < publisherGroups; pg++) {
                int got = t.seen.getOrDefault(pg, Set.of()).size();
                line.append(String.format(" publisher group %d: %d/%d;", pg, got, matching ? n : 0));
                good &= got == (matching ? n : 0);
            }
            System.out.printf("probe: %s subscriber group %d [%s] at %s received %d (duplicates %d):%s %s%n",
                    matching ? "matching" : "non-matching", t.group, t.selector, t.brokers, t.total(), t.duplicates,
                    line, good ? "ok" : "WRONG");
            ok &= good;
        }
        return ok;
    }

    /** What one subscriber received: message sequence numbers per publisher group. */
    private static final class Tally {
        final String selector;
        final Map<Integer, Set<Integer>> seen = new ConcurrentHashMap<>();
        volatile int duplicates;
        int group;
        List<String> brokers;

        Tally(String selector) {
            this.selector = selector;
        }

        void add(Message m) {
            try {
                int pg = m.getIntProperty("probe_pg");
                if (!seen.computeIfAbsent(pg, k -> ConcurrentHashMap.newKeySet()).add(m.getIntProperty("probe_seq"))) {
                    synchronized (this) {
                        duplicates++;
                    }
                }
            } catch (JMSException e) {
                System.out.println("probe: unreadable message: " + e);
            }
        }

        int total() {
            return seen.values().stream().mapToInt(Set::size).sum() + duplicates;
        }

        boolean complete(int expected) {
            return selector.equals(NON_MATCHING) || total() >= expected;
        }
    }

    private static String required(String name) {
        String v = System.getenv(name);
        if (v == null || v.isBlank()) {
            throw new IllegalStateException(name + " must be set (the topology's broker Secret)");
        }
        return v;
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }
}
