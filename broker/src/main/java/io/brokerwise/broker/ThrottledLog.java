package io.brokerwise.broker;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Keeps Artemis's producer-blocking messages from flooding the log. Under saturated publishers a BLOCK
 * address flips between blocked and unblocked thousands of times a second, and Artemis logs every flip
 * (AMQ222183 / AMQ221046) under the same logger as every other server warning, so no level can silence
 * only them. This stream lets each through once per {@link #INTERVAL_NANOS} and reports how many it held
 * back; every other line passes unchanged.
 */
final class ThrottledLog extends OutputStream {

    static final long INTERVAL_NANOS = 60_000_000_000L;
    private static final String[] NOISY = {"AMQ222183", "AMQ221046"};

    private final PrintStream out;
    private final StringBuilder line = new StringBuilder();
    private final AtomicLong held = new AtomicLong();
    private long lastPassed = System.nanoTime() - INTERVAL_NANOS;

    ThrottledLog(PrintStream out) {
        this.out = out;
    }

    /** Routes System.err (where slf4j-simple writes) through a throttle. */
    static void install() {
        System.setErr(new PrintStream(new ThrottledLog(System.err), true, StandardCharsets.UTF_8));
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            emit(line.toString());
            line.setLength(0);
        } else {
            line.append((char) b);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        String text = new String(b, off, len, StandardCharsets.UTF_8);
        for (char c : text.toCharArray()) {
            write(c);
        }
    }

    private void emit(String text) {
        if (isNoisy(text)) {
            long now = System.nanoTime();
            if (now - lastPassed < INTERVAL_NANOS) {
                held.incrementAndGet();
                return;
            }
            lastPassed = now;
            long n = held.getAndSet(0);
            if (n > 0) {
                out.println("brokerwise-broker: " + n + " producer blocking/unblocking messages held back in the last "
                        + "minute (address full: the broker is saturated, producers wait for credits)");
            }
        }
        out.println(text);
    }

    static boolean isNoisy(String text) {
        for (String code : NOISY) {
            if (text.contains(code)) {
                return true;
            }
        }
        return false;
    }
}
