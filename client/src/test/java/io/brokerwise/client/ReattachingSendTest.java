package io.brokerwise.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A send refused while its link re-attaches is tried again, and nothing else is. The refusal itself is built here
 * in the shape Artemis's JMS producer gives it: the window in which a real link refuses lasts milliseconds of a
 * reconnection and cannot be hit on demand. The other refusal is a real one, from a closed producer on a real broker.
 */
@Timeout(60)
class ReattachingSendTest {

    @TempDir
    Path dir;

    @Test
    void aSendRefusedDuringReattachmentGoesThroughOnceTheLinkSettles() throws JMSException {
        AtomicInteger attempts = new AtomicInteger();
        AtomicInteger sent = new AtomicInteger();
        ReattachingSend.send(() -> {
            if (attempts.incrementAndGet() <= 2) {
                throw refusalDuringReattachment();
            }
            sent.incrementAndGet();
        });
        assertEquals(3, attempts.get());
        assertEquals(1, sent.get(), "sent once");
    }

    @Test
    void aLinkThatNeverSettlesRefusesWithinTheBound() {
        jakarta.jms.IllegalStateException refusal = refusalDuringReattachment();
        AtomicInteger attempts = new AtomicInteger();
        JMSException thrown = assertThrows(JMSException.class, () -> ReattachingSend.send(() -> {
            attempts.incrementAndGet();
            throw refusal;
        }, Duration.ofMillis(300)));
        assertSame(refusal, thrown);
        assertTrue(attempts.get() > 1, "tried again before giving up");
    }

    @Test
    void anyOtherRefusalIsThrownAtOnce() throws Exception {
        try (LocalBrokers brokers = new LocalBrokers(dir)) {
            String address = brokers.map(1, 1).row(0).get(0);
            try (BrokerLink link = BrokerLink.open(address, LocalBrokers.TOPIC, brokers.options())) {
                MessageProducer producer = link.session.createProducer(link.topic);
                producer.close();
                AtomicInteger attempts = new AtomicInteger();
                assertThrows(jakarta.jms.IllegalStateException.class, () -> ReattachingSend.send(() -> {
                    attempts.incrementAndGet();
                    producer.send(link.session.createBytesMessage());
                }));
                assertEquals(1, attempts.get(), "a closed producer is not tried again");
            }
        }
    }

    /** What Artemis's JMS producer throws when the client core refuses the send during re-attachment. */
    private static jakarta.jms.IllegalStateException refusalDuringReattachment() {
        IllegalStateException core = new IllegalStateException(
                ReattachingSend.REFUSED_DURING_REATTACHMENT + ": Cannot send a packet while channel is failing over.");
        jakarta.jms.IllegalStateException jms = new jakarta.jms.IllegalStateException(core.getMessage());
        jms.initCause(core);
        return jms;
    }
}
