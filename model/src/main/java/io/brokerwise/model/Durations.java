package io.brokerwise.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one way Brokerwise writes a duration, in a manifest's fields (which the CRDs check with {@link #PATTERN}) and
 * in the measuring commands' options alike: a decimal number (digits, optionally a point and more digits) and one
 * unit, us, ms, s or m, such as 750us, 5ms, 0.2s, 10s or 2m. No sign, no exponent, nothing between the number and
 * its unit; blanks around the whole are ignored, as an option or an environment variable may bring them.
 */
public final class Durations {

    /** The grammar as an anchored regular expression, for a CRD field's {@code @Pattern}; group 2 is the unit. */
    public static final String PATTERN = "^[0-9]+(\\.[0-9]+)?(us|ms|s|m)$";

    /** What a duration looks like, for descriptions and messages. */
    public static final String FORM = "a number and a unit, us, ms, s or m";

    private static final Pattern GRAMMAR = Pattern.compile(PATTERN);
    private static final BigInteger NANOS_PER_SECOND = BigInteger.valueOf(1_000_000_000L);
    private static final BigInteger LONGEST_SECONDS = BigInteger.valueOf(Long.MAX_VALUE);

    private Durations() {
    }

    /**
     * {@code text} as a Duration, exact to the nanosecond (a finer fraction rounds to the nearest one, halves up).
     *
     * @throws IllegalArgumentException if {@code text} is not a duration, or longer than a Duration holds
     */
    public static Duration parse(String text) {
        Matcher m = match(text);
        BigInteger nanos = new BigDecimal(number(m)).multiply(BigDecimal.valueOf(Unit.of(m).nanos))
                .setScale(0, RoundingMode.HALF_UP).toBigInteger();
        BigInteger[] secondsAndNanos = nanos.divideAndRemainder(NANOS_PER_SECOND);
        if (secondsAndNanos[0].compareTo(LONGEST_SECONDS) > 0) {
            throw new IllegalArgumentException("'" + text + "' is longer than the longest duration, "
                    + Long.MAX_VALUE + "s");
        }
        return Duration.ofSeconds(secondsAndNanos[0].longValue(), secondsAndNanos[1].longValue());
    }

    /**
     * {@code text} in seconds: its number times the unit's length in seconds, in double arithmetic (so a duration
     * too long for {@link #parse} still has a value here).
     *
     * @throws IllegalArgumentException if {@code text} is not a duration
     */
    public static double seconds(String text) {
        Matcher m = match(text);
        return Double.parseDouble(number(m)) * Unit.of(m).seconds;
    }

    private static Matcher match(String text) {
        Matcher m = GRAMMAR.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration: write " + FORM
                    + ", such as 750us, 5ms, 0.2s, 10s or 2m");
        }
        return m;
    }

    private static String number(Matcher m) {
        return m.group().substring(0, m.start(2));
    }

    /** A unit's length in seconds (what the manifests' reading multiplied by) and in nanoseconds. */
    private record Unit(double seconds, long nanos) {

        static final Map<String, Unit> BY_SYMBOL = Map.of("us", new Unit(1e-6, 1_000L), "ms",
                new Unit(1e-3, 1_000_000L), "s", new Unit(1, 1_000_000_000L), "m", new Unit(60, 60_000_000_000L));

        static Unit of(Matcher m) {
            return BY_SYMBOL.get(m.group(2));
        }
    }
}
