package io.brokerwise.cli;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerUsers;
import io.brokerwise.broker.BrokerProcess;
import io.brokerwise.broker.queues.QueueReplicas;
import io.brokerwise.client.jms.BrokerwiseInitialContextFactory;
import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapCodec;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A layout's brokers as local processes on loopback, and the files that point an application at them: the
 * state of {@code brokerwise up} and {@code brokerwise down}, all in one directory. {@value #PIDS} records
 * each broker's process and port as it starts, so that {@code down} finds every one, even after an
 * {@code up} that failed halfway.
 */
final class LocalLayout {

    static final String PIDS = "brokers.pid";
    static final String JNDI = "jndi.properties";
    private static final long PORTS_FREE_SECONDS = 30;

    /** A broker {@code up} started: its process and the port it listens on. */
    record Broker(long pid, int port) {
    }

    private final Path dir;
    private final PrintWriter out;

    LocalLayout(Path dir, PrintWriter out) {
        this.dir = dir.toAbsolutePath().normalize();
        this.out = out;
    }

    /**
     * Starts one broker per cell on ports {@code firstPort}, {@code firstPort + 1}, ... (more when a queue has more
     * replicas than the layout has cells) and writes the files.
     *
     * @param queues each queue's replicas: queue q lives on the first {@code queues.get(q)} brokers
     */
    void up(List<String> topics, int publisherGroups, int subscriberGroups, Map<String, Integer> queues,
            boolean journal, int firstPort) throws IOException, InterruptedException {
        if (!running().isEmpty()) {
            throw new IllegalArgumentException("--dir: a local layout is already up in " + dir
                    + "; run 'brokerwise down --dir " + dir + "' first");
        }
        int cells = publisherGroups * subscriberGroups;
        int count = Math.max(cells, queues.values().stream().mapToInt(Integer::intValue).max().orElse(0));
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ports.add(firstPort + i);
            if (!free(firstPort + i)) {
                throw new IllegalArgumentException("--port: port " + (firstPort + i) + " on 127.0.0.1 is in use (a "
                        + "broker of another layout, or another program); stop it or choose another --port");
            }
        }
        Files.createDirectories(dir);
        Files.deleteIfExists(dir.resolve(PIDS));
        BrokerUsers users = BrokerUsers.generate();
        BrokerCredentials credentials = users.application();
        try {
            for (int i = 0; i < count; i++) {
                out.printf("starting broker %d/%d%s on 127.0.0.1:%d ...%n", i + 1, count, i < cells
                        ? String.format(", cell (%d, %d),", i / subscriberGroups, i % subscriberGroups) : ",",
                        ports.get(i));
                Path brokerDir = dir.resolve("broker-" + i);
                ProcessHandle broker = BrokerProcess.start(BrokerConfiguration.forLoopback("broker-" + i,
                        topics.get(0), journal, ports.get(i), brokerDir.resolve("data").toString()).withTopics(topics)
                        .withQueues(replicas(queues, ports, i)), users, brokerDir);
                Files.writeString(dir.resolve(PIDS), broker.pid() + " " + ports.get(i) + "\n",
                        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
        } catch (IOException | RuntimeException | InterruptedException e) {
            out.println("a broker failed to start; stopping the others");
            down();
            throw e;
        }
        Path routing = dir.resolve(RoutingMapCodec.CONFIG_MAP_KEY);
        Files.writeString(routing, RoutingMapCodec.toJson(RoutingMap.forLocalPorts(topics.get(0), publisherGroups,
                subscriberGroups, ports.subList(0, cells)).withTopics(topics).withQueues(routes(queues, ports))));
        Files.writeString(dir.resolve(JNDI), jndiProperties(topics, queues.keySet(), routing, credentials));
        out.printf("up: %dx%d layout of topic%s %s%s on 127.0.0.1:%d-%d%n", publisherGroups, subscriberGroups,
                topics.size() == 1 ? "" : "s", String.join(", ", topics),
                queues.isEmpty() ? "" : " and queues " + queues.keySet(), firstPort, firstPort + count - 1);
        out.println("routing map: " + routing);
        out.println("JNDI:        " + dir.resolve(JNDI) + "  (put it on the application's class path)");
        out.println("logs:        " + dir.resolve("broker-<i>/broker.log"));
        out.println("stop with:   brokerwise down --dir " + dir);
    }

    /**
     * Broker {@code i}'s queue replicas: every queue, joined to every other broker. A broker beyond a queue's
     * replicas carries it too, and no client is ever placed there, so its replica stays empty.
     */
    private static QueueReplicas replicas(Map<String, Integer> queues, List<Integer> ports, int i) {
        if (queues.isEmpty()) {
            return QueueReplicas.NONE;
        }
        List<String> peers = new ArrayList<>(ports.stream().map(p -> "127.0.0.1:" + p).toList());
        String self = peers.remove(i);
        return new QueueReplicas(List.copyOf(queues.keySet()), self, peers);
    }

    /** Each queue's replicas in the routing map: the first brokers, no client counted yet. */
    private static List<QueueRoute> routes(Map<String, Integer> queues, List<Integer> ports) {
        return queues.entrySet().stream().map(q -> new QueueRoute(q.getKey(), ports.subList(0, q.getValue()).stream()
                .map(p -> QueueRoute.Replica.at("127.0.0.1:" + p)).toList())).toList();
    }

    /** What a Jakarta Messaging application needs to use the layout by configuration alone. */
    static String jndiProperties(List<String> topics, Collection<String> queues, Path routing,
                                 BrokerCredentials credentials) {
        List<String> lines = new ArrayList<>(List.of(
                "# Written by 'brokerwise up': the Brokerwise connection factory on this local layout.",
                "java.naming.factory.initial = " + BrokerwiseInitialContextFactory.class.getName(),
                BrokerwiseInitialContextFactory.ROUTING_MAP + " = " + routing,
                "java.naming.security.principal = " + credentials.user(),
                "java.naming.security.credentials = " + credentials.password(),
                "connectionFactory.ConnectionFactory ="));
        topics.forEach(t -> lines.add("topic." + t + " = " + t));
        queues.forEach(q -> lines.add("queue." + q + " = " + q));
        return String.join("\n", lines) + "\n";
    }

    /** Stops every broker {@code up} recorded here and waits until their ports are free. */
    void down() throws IOException {
        List<Broker> brokers = recorded();
        if (brokers.isEmpty()) {
            out.println("down: nothing is up in " + dir);
            return;
        }
        for (Broker b : brokers) {
            Optional<ProcessHandle> process = ProcessHandle.of(b.pid()).filter(BrokerProcess::isBroker);
            if (process.isPresent()) {
                out.printf("stopping broker pid %d on 127.0.0.1:%d ...%n", b.pid(), b.port());
                BrokerProcess.stop(process.get());
            }
        }
        long deadline = System.nanoTime() + PORTS_FREE_SECONDS * 1_000_000_000L;
        for (Broker b : brokers) {
            while (!free(b.port())) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IOException("port " + b.port() + " is still in use after its broker stopped");
                }
                sleep();
            }
        }
        Files.delete(dir.resolve(PIDS));
        out.printf("down: %d broker(s) stopped, their ports free; logs and data stay in %s%n", brokers.size(), dir);
    }

    /** The brokers recorded here whose processes still run. */
    List<Broker> running() throws IOException {
        return recorded().stream().filter(b -> ProcessHandle.of(b.pid()).filter(BrokerProcess::isBroker).isPresent())
                .toList();
    }

    private List<Broker> recorded() throws IOException {
        Path pids = dir.resolve(PIDS);
        if (!Files.exists(pids)) {
            return List.of();
        }
        List<Broker> out = new ArrayList<>();
        for (String line : Files.readAllLines(pids)) {
            String[] f = line.trim().split(" ");
            if (f.length == 2) {
                out.add(new Broker(Long.parseLong(f[0]), Integer.parseInt(f[1])));
            }
        }
        return out;
    }

    static boolean free(int port) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
