package io.brokerwise.e2e;

import io.brokerwise.broker.metrics.BrokerScrape;
import io.fabric8.kubernetes.api.model.Pod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Metrics endpoints for the brokers of the kwok nodes' pods, which never run ({@code e2e/cluster sim-metrics}): every
 * pod address answers with the same Brokerwise metrics text, or a quarter of them, those whose address ends in two
 * zero bits, drop packets ({@link Answer#SILENT}) or refuse connections ({@link Answer#REFUSING}).
 */
final class SimulatedBrokers implements AutoCloseable {

    /** How the quarter of the addresses picked by {@link #inQuarter} answers. */
    enum Answer {
        ANSWERING, SILENT, REFUSING;

        String mode() {
            return name().toLowerCase();
        }
    }

    private SimulatedBrokers() {
    }

    /** The stub up, serving a text with every meter the operator's scrape requires. */
    static SimulatedBrokers up() {
        try {
            Path body = Files.createTempFile("sim-metrics", ".txt");
            Files.writeString(body, text());
            body.toFile().deleteOnExit();
            cluster("up", body.toString());
            return new SimulatedBrokers();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void answer(Answer answer) {
        cluster(answer.mode());
    }

    /** Whether {@code pod}'s address is one of the quarter that a {@link Answer#SILENT} or REFUSING stub fails. */
    static boolean inQuarter(Pod pod) {
        try {
            byte[] address = InetAddress.getByName(pod.getStatus().getPodIP()).getAddress();
            return (address[address.length - 1] & 0x3) == 0;
        } catch (UnknownHostException e) {
            throw new IllegalStateException("pod " + pod.getMetadata().getName() + " has no address", e);
        }
    }

    @Override
    public void close() {
        cluster("down");
    }

    /** One idle broker's meters, at rest: no traffic, one tenth of a core. */
    private static String text() {
        StringBuilder text = new StringBuilder();
        Map.of(BrokerScrape.RECEIVED, 0, BrokerScrape.DISPATCHED, 0, BrokerScrape.CPU_SECONDS, 1.5)
                .forEach((name, value) -> text.append("# TYPE ").append(name).append(" counter\n")
                        .append(name).append(' ').append(value).append('\n'));
        Map.of(BrokerScrape.PRODUCER_CONNECTIONS, 0, BrokerScrape.CONSUMER_CONNECTIONS, 0,
                        BrokerScrape.SUBSCRIPTIONS, 0, BrokerScrape.CPU_LIMIT, 0.1, BrokerScrape.HEAP_USED, 5.0e7)
                .forEach((name, value) -> text.append("# TYPE ").append(name).append(" gauge\n")
                        .append(name).append(' ').append(value).append('\n'));
        return text.toString();
    }

    private static void cluster(String... args) {
        List<String> command = new ArrayList<>(List.of("e2e/cluster", "sim-metrics"));
        command.addAll(List.of(args));
        Commands.run(Map.of(), Duration.ofMinutes(2), command);
    }
}
