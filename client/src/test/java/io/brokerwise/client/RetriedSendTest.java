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
 * A send refused while its link re-attaches, or while its broker's journal volume is full, is tried again, and
 * nothing else is. The re-attachment refusal is built here in the shape Artemis's JMS producer gives it: the window
 * in which a real link refuses lasts milliseconds of a reconnection and cannot be hit on demand. The full volume's
 * refusal is a real broker's: its max-disk-usage is set below what the test machine's disk already uses, which
 * makes the broker's own disk scan find its volume full (the cluster tier fills a real volume). The other refusal is
 * a real one too, from a closed producer on a real broker.
 */
@Timeout(60)
class RetriedSendTest {

    @TempDir
    Path dir;

    @Test
    void aSendRefusedDuringReattachmentGoesThroughOnceTheLinkSettles() throws JMSException {
        AtomicInteger attempts = new AtomicInteger();
        AtomicInteger sent = new AtomicInteger();
        RetriedSend.send(() -> {
            if (attempts.incrementAndGet() <= 2) {
                throw refusalDuringReattachment();
            }
            sent.incrementAndGet();
        }, "b0");
        assertEquals(3, attempts.get());
        assertEquals(1, sent.get(), "sent once");
    }

    @Test
    void aLinkThatNeverSettlesRefusesWithinTheBound() {
        jakarta.jms.IllegalStateException refusal = refusalDuringReattachment();
        AtomicInteger attempts = new AtomicInteger();
        JMSException thrown = assertThrows(JMSException.class, () -> RetriedSend.send(() -> {
            attempts.incrementAndGet();
            throw refusal;
        }, "b0", Duration.ofMillis(300), Duration.ofMillis(300)));
        assertSame(refusal, thrown);
        assertTrue(attempts.get() > 1, "tried again before giving up");
    }

    @Test
    void anyOtherRefusalIsThrownAtOnce() throws Exception {
        try (LocalBrokers brokers = new LocalBrokers(dir)) {
            String address = brokers.map(1, 1).row(0).get(0);
            try (BrokerLink link = BrokerLink.open(address, LocalBrokers.TOPIC, brokers.options())) {
                MessageProducer producer = link.session.createProducer(link.topic());
                producer.close();
                AtomicInteger attempts = new AtomicInteger();
                assertThrows(jakarta.jms.IllegalStateException.class, () -> RetriedSend.send(() -> {
                    attempts.incrementAndGet();
                    producer.send(link.session.createBytesMessage());
                }, address));
                assertEquals(1, attempts.get(), "a closed producer is not tried again");
            }
        }
    }

    @Test
    void aSendToABrokerWithAFullVolumeWaitsItsTimeoutAndFailsNamingTheVolume() throws Exception {
        try (FullVolumeBroker broker = FullVolumeBroker.start(dir)) {
            MessageProducer producer = broker.persistentProducer();
            AtomicInteger attempts = new AtomicInteger();
            JMSException thrown = assertThrows(JMSException.class, () -> RetriedSend.send(() -> {
                attempts.incrementAndGet();
                producer.send(broker.session().createBytesMessage());
            }, broker.address(), Duration.ofMillis(300), Duration.ofSeconds(2)));
            assertEquals("JournalVolumeFull", thrown.getErrorCode(), () -> "refused otherwise: " + thrown + ", caused by "
                    + thrown.getCause());
            assertTrue(thrown.getMessage().startsWith("send timed out after 2 s: broker " + broker.address()
                    + " refuses messages because its journal volume is full"), thrown.getMessage());
            assertTrue(thrown.getMessage().contains(RetriedSend.REFUSED_VOLUME_FULL)
                    || thrown.getMessage().contains(RetriedSend.REFUSED_VOLUME_FULL_AT_BROKER), thrown.getMessage());
            assertTrue(attempts.get() > 1, "tried again while it waited");
            assertEquals(0, broker.stored(), "a refused message is not stored");
        }
    }

    @Test
    void aSendRefusedForAFullVolumeIsStoredOnceWhenRoomComesBack() throws Exception {
        try (FullVolumeBroker broker = FullVolumeBroker.start(dir)) {
            MessageProducer producer = broker.persistentProducer();
            JMSException realRefusal = assertThrows(JMSException.class,
                    () -> producer.send(broker.session().createBytesMessage()));
            assertTrue(RetriedSend.refusedForAFullVolume(realRefusal), realRefusal.getMessage());
            AtomicInteger attempts = new AtomicInteger();
            AtomicInteger sent = new AtomicInteger();
            RetriedSend.send(() -> {
                if (attempts.incrementAndGet() <= 2) {
                    throw realRefusal; // the volume is full for two tries, then it has room
                }
                sent.incrementAndGet();
            }, broker.address());
            assertEquals(1, sent.get(), "sent once");
        }
    }

    /** What Artemis's JMS producer throws when the client core refuses the send during re-attachment. */
    private static jakarta.jms.IllegalStateException refusalDuringReattachment() {
        IllegalStateException core = new IllegalStateException(
                RetriedSend.REFUSED_DURING_REATTACHMENT + ": Cannot send a packet while channel is failing over.");
        jakarta.jms.IllegalStateException jms = new jakarta.jms.IllegalStateException(core.getMessage());
        jms.initCause(core);
        return jms;
    }
}
