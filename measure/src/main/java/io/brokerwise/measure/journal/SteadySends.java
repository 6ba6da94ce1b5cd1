package io.brokerwise.measure.journal;

import io.brokerwise.client.ClientOptions;
import io.brokerwise.client.Outgoing;
import io.brokerwise.client.Publisher;
import io.brokerwise.client.TopologyClient;
import io.brokerwise.routing.RoutingMap;
import jakarta.jms.JMSException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Persistent messages through the client library at a steady rate, as an application sends them, for a bounded
 * time. The first send that goes through is printed, each failed send with its error code and message (a full
 * journal volume's is {@code JournalVolumeFull}), and the first send that goes through after a failure.
 */
final class SteadySends {

    static final String FAILED = "journal-check: send failed: ";
    static final String RECOVERED = "journal-check: sends go through again";
    static final String FIRST = "journal-check: first send went through";

    private final RoutingMap map;
    private final ClientOptions options;
    private final double rate;
    private final Duration length;
    private final int messageBytes;

    SteadySends(RoutingMap map, ClientOptions options, double rate, Duration length, int messageBytes) {
        this.map = map;
        this.options = options;
        this.rate = rate;
        this.length = length;
        this.messageBytes = messageBytes;
    }

    void run() throws JMSException {
        long period = (long) (1e9 / rate);
        long end = System.nanoTime() + length.toNanos();
        long sent = 0;
        boolean failing = false;
        try (TopologyClient client = new TopologyClient(map, options)) {
            Publisher publisher = client.publisher(true);
            byte[] body = new byte[messageBytes];
            for (long next = System.nanoTime(); next < end; next += period) {
                LockSupport.parkNanos(next - System.nanoTime());
                try {
                    publisher.publish(new Outgoing(body, Map.of(JournalCheck.SEQUENCE, sent), null));
                    sent++;
                    if (sent == 1) {
                        System.out.println(FIRST);
                    }
                    if (failing) {
                        System.out.println(RECOVERED + " (" + sent + " sent)");
                        failing = false;
                    }
                } catch (JMSException e) {
                    System.out.println(FAILED + "[" + e.getErrorCode() + "] " + e.getMessage());
                    failing = true;
                    next = System.nanoTime();
                }
            }
        }
        System.out.println("journal-check: " + sent + " sent");
    }
}
