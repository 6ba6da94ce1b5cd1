package io.brokerwise.client;

import jakarta.jms.JMSException;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * One send on one link, tried again while the broker refuses it for a reason that passes, each within its bound:
 * <ul>
 *   <li>Artemis re-attaches the link's session after a reconnection. A reconnected link moves its session to the
 *       new connection and re-creates it there; a send that reaches the session in that window is refused
 *       ({@value #REFUSED_DURING_REATTACHMENT}) before the message is written or kept for resending, so trying it
 *       again sends it once. Artemis holds sends while the link fails over, but its wait ends at its call-failover
 *       timeout or at any wake-up during a failover of several steps, and a send can then meet the re-attachment.
 *       It takes milliseconds; {@link #REATTACHMENT_BOUND} keeps a link that never settles from holding its
 *       caller.</li>
 *   <li>The broker's journal volume is full. A Brokerwise broker refuses a send then ({@value #REFUSED_VOLUME_FULL},
 *       "address is full", or {@value #REFUSED_VOLUME_FULL_AT_BROKER} from the broker for a send that reached it: its
 *       disk-full policy is FAIL, and a full address in memory blocks instead, so on these brokers the refusal means
 *       the disk); the refused message is not stored, so trying it again stores it at
 *       most once. The caller waits as for a blocked producer, up to {@link #SEND_TIMEOUT}, and the send then
 *       fails saying which broker's volume is full and what to do.</li>
 * </ul>
 */
final class RetriedSend {

    /** The message ID of Artemis's refusal; the refusal is a plain {@link IllegalStateException} otherwise. */
    static final String REFUSED_DURING_REATTACHMENT = "AMQ219061";
    /** The message ID of the client's refusal once the broker has refused producer credit to a full address. */
    static final String REFUSED_VOLUME_FULL = "AMQ219058";
    /** The message ID of the broker's own refusal of a send to a full address that reached it. */
    static final String REFUSED_VOLUME_FULL_AT_BROKER = "AMQ229102";
    static final Duration REATTACHMENT_BOUND = Duration.ofSeconds(10);
    /** How long a send waits for room on a full journal volume: the JMS client's own call timeout. */
    static final Duration SEND_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration PAUSE = Duration.ofMillis(50);
    private static final Duration VOLUME_PAUSE = Duration.ofMillis(500);

    /** A JMS send, or anything that Artemis may refuse the same way. */
    @FunctionalInterface
    interface Send {
        void send() throws JMSException;
    }

    private RetriedSend() {
    }

    static void send(Send send, String broker) throws JMSException {
        send(send, broker, REATTACHMENT_BOUND, SEND_TIMEOUT);
    }

    static void send(Send send, String broker, Duration reattachmentBound, Duration sendTimeout) throws JMSException {
        long started = System.nanoTime();
        while (true) {
            try {
                send.send();
                return;
            } catch (JMSException e) {
                long waited = System.nanoTime() - started;
                if (Thread.currentThread().isInterrupted()) {
                    throw e;
                }
                if (refusedDuringReattachment(e) && waited < reattachmentBound.toNanos()) {
                    LockSupport.parkNanos(PAUSE.toNanos());
                } else if (refusedForAFullVolume(e) && waited < sendTimeout.toNanos()) {
                    LockSupport.parkNanos(VOLUME_PAUSE.toNanos());
                } else if (refusedForAFullVolume(e)) {
                    throw volumeFull(e, broker, sendTimeout);
                } else {
                    throw e;
                }
            }
        }
    }

    /** Artemis's JMS producer turns the client core's refusal into a JMS one that carries it as the cause. */
    static boolean refusedDuringReattachment(JMSException e) {
        Throwable cause = e.getCause();
        return e instanceof jakarta.jms.IllegalStateException && cause instanceof IllegalStateException
                && cause.getMessage() != null && cause.getMessage().startsWith(REFUSED_DURING_REATTACHMENT);
    }

    static boolean refusedForAFullVolume(JMSException e) {
        String message = e.getMessage();
        return message != null && (message.startsWith(REFUSED_VOLUME_FULL)
                || message.startsWith(REFUSED_VOLUME_FULL_AT_BROKER));
    }

    private static JMSException volumeFull(JMSException refusal, String broker, Duration waited) {
        JMSException e = new JMSException("send timed out after " + waited.toSeconds() + " s: broker " + broker
                + " refuses messages because its journal volume is full (it refuses sends above its "
                + "max-disk-usage); consume what it holds or give the topology a larger spec.storage.size "
                + "(docs/operations.md, \"Storage\") [" + refusal.getMessage() + "]", "JournalVolumeFull");
        e.setLinkedException(refusal);
        e.initCause(refusal);
        return e;
    }
}
