package io.brokerwise.benchmarks.measurement;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerwise.benchmarks.local.LocalBroker;
import io.brokerwise.benchmarks.local.LocalFleet;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerProcess;
import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.broker.metrics.BrokerScrape;
import io.brokerwise.measure.contract.LoadSpec;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.apache.activemq.artemis.api.jms.management.JMSManagementHelper;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Artemis's own {@code artemis perf client} in a JVM of its own (the same heap as the load generator's), given the
 * load the load generator measures: as many producers as it has publishers, each on its own thread, asynchronous
 * sends, one consumer per subscriber, no selectors.
 *
 * @param classPath  artemis-cli's class path (the brokerwise-bench script resolves it)
 * @param maxPending sends in flight per producer
 * @param durable    whether the consumers hold durable subscriptions (a broker journals a persistent message only
 *                   for a durable subscription; the broker needs a journal to allow them)
 */
public record ArtemisPerf(String classPath, int maxPending, boolean durable) {

    /** The durable subscriptions' client ID. */
    static final String CLIENT_ID = "brokerwise-baseline";

    /** Runs the load's phases against the fleet's first broker, sampling its CPU over the measured seconds. */
    public ArtemisPerfRun run(LoadSpec load, LocalFleet fleet, Path report) throws IOException, InterruptedException {
        LocalBroker broker = fleet.broker(0);
        long warmup = load.warmup().toSeconds();
        long measure = load.measure().toSeconds();
        Process perf = new ProcessBuilder(command(load, broker, fleet.users().application(), report))
                .redirectErrorStream(true).redirectOutput(report.resolveSibling(report.getFileName() + ".log").toFile()).start();
        try {
            TimeUnit.SECONDS.sleep(warmup);
            BrokerSample before = BrokerScrape.of(broker.metricsAddress, fleet.users().metrics());
            TimeUnit.SECONDS.sleep(measure);
            double brokerCpu = BrokerScrape.of(broker.metricsAddress, fleet.users().metrics())
                    .cpuUtilizationSince(before, measure);
            if (!perf.waitFor(120, TimeUnit.SECONDS)) {
                throw new IOException("artemis perf did not finish within 120 s after its duration; see " + report);
            }
            if (perf.exitValue() != 0 || !Files.exists(report)) {
                throw new IOException("artemis perf exited with " + perf.exitValue() + "; see " + report + ".log");
            }
            return new ArtemisPerfRun(meanRate(report, "sent"), meanRate(report, "received"), brokerCpu,
                    report.toString());
        } finally {
            perf.destroyForcibly();
            if (durable) {
                removeSubscriptions(broker, fleet.users().management());
            }
        }
    }

    /**
     * artemis perf leaves its durable subscriptions behind, and with no consumer they would take every message of the
     * next run until the address is full and blocks it: the topic is deleted with its queues (as the management user)
     * and made again. Each management send is a blocking one, so the broker has done it when it returns.
     */
    private static void removeSubscriptions(LocalBroker broker, BrokerCredentials management) {
        try (Connection connection = new ActiveMQConnectionFactory("tcp://" + broker.address)
                .createConnection(management.user(), management.password())) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(session.createQueue("activemq.management"));
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            manage(session, producer, "deleteAddress", LocalFleet.TOPIC, true);
            manage(session, producer, "createAddress", LocalFleet.TOPIC, "MULTICAST");
        } catch (Exception e) {
            throw new IllegalStateException("could not remove artemis perf's durable subscriptions from "
                    + broker.address + ": " + e.getMessage(), e);
        }
    }

    private List<String> command(LoadSpec load, LocalBroker broker, BrokerCredentials credentials, Path report) {
        String publishers = Integer.toString(load.publishers());
        long warmup = load.warmup().toSeconds();
        List<String> command = new ArrayList<>(List.of(BrokerProcess.JAVA, "-Xms1g", "-Xmx1g", "-cp", classPath,
                "org.apache.activemq.artemis.cli.Artemis", "perf", "client", "--url", "tcp://" + broker.address,
                "--user", credentials.user(), "--password", credentials.password(), "--producers", publishers,
                "--threads", publishers, "--consumers", Integer.toString(load.design().r()),
                "--max-pending", Integer.toString(maxPending), "--message-size", Integer.toString(load.messageBytes()),
                "--warmup", Long.toString(warmup), "--duration", Long.toString(warmup + load.measure().toSeconds()),
                "--json", report.toString()));
        if (load.persistent()) {
            command.add("--persistent");
        }
        if (durable) {
            command.addAll(List.of("--durable", "--clientID", CLIENT_ID));
        }
        command.add("topic://" + LocalFleet.TOPIC);
        return command;
    }

    private static void manage(Session session, MessageProducer producer, String operation, Object... arguments)
            throws Exception {
        Message manage = session.createMessage();
        JMSManagementHelper.putOperationInvocation(manage, ResourceNames.BROKER, operation, arguments);
        producer.send(manage);
    }

    /**
     * Mean of a rate over artemis perf's per-second samples after its warm-up while its producers ran,
     * leaving out the first (it straddles the warm-up's end) and the last (cut short by the end).
     */
    static double meanRate(Path report, String metric) throws IOException {
        List<Double> rates = new ArrayList<>();
        for (JsonNode sample : new ObjectMapper().readTree(report.toFile())) {
            if ("interval".equals(sample.path("sampleType").asText()) && !sample.path("warmup").asBoolean()
                    && sample.path("sent").asDouble() > 0) {
                rates.add(sample.path(metric).asDouble());
            }
        }
        if (rates.size() < 3) {
            throw new IOException("artemis perf reported " + rates.size() + " samples after its warm-up: " + report);
        }
        return rates.subList(1, rates.size() - 1).stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }
}
