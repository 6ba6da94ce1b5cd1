package io.brokerwise.client;

import jakarta.jms.JMSException;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * One send on one link, tried again while Artemis re-attaches the link's session after a reconnection.
 *
 * <p>A reconnected link moves its session to the new connection and re-creates it there. A send that reaches the
 * session in that window is refused ({@value #REFUSED_DURING_REATTACHMENT}) before the message is written or kept
 * for resending, so trying it again sends it once. Artemis holds sends while the link fails over, but its wait ends
 * at its call-failover timeout or at any wake-up during a failover of several steps, and a send can then meet the
 * re-attachment. It takes milliseconds; the bound keeps a link that never settles from holding its caller.
 */
final class ReattachingSend {

    /** The message ID of Artemis's refusal; the refusal is a plain {@link IllegalStateException} otherwise. */
    static final String REFUSED_DURING_REATTACHMENT = "AMQ219061";
    static final Duration BOUND = Duration.ofSeconds(10);
    private static final Duration PAUSE = Duration.ofMillis(50);

    /** A JMS send, or anything that Artemis may refuse the same way. */
    @FunctionalInterface
    interface Send {
        void send() throws JMSException;
    }

    private ReattachingSend() {
    }

    static void send(Send send) throws JMSException {
        send(send, BOUND);
    }

    static void send(Send send, Duration bound) throws JMSException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (true) {
            try {
                send.send();
                return;
            } catch (jakarta.jms.IllegalStateException e) {
                if (!refusedDuringReattachment(e) || System.nanoTime() - deadline > 0
                        || Thread.currentThread().isInterrupted()) {
                    throw e;
                }
                LockSupport.parkNanos(PAUSE.toNanos());
            }
        }
    }

    /** Artemis's JMS producer turns the client core's refusal into a JMS one that carries it as the cause. */
    static boolean refusedDuringReattachment(JMSException e) {
        Throwable cause = e.getCause();
        return cause instanceof IllegalStateException
                && cause.getMessage() != null && cause.getMessage().startsWith(REFUSED_DURING_REATTACHMENT);
    }
}
