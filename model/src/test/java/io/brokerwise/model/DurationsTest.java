package io.brokerwise.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The one duration grammar. It replaced two: the manifests' (a decimal number and us, ms or s, read as seconds in a
 * double) and the measuring commands' (whole numbers and ms, s or m, read as a Duration, blanks around them
 * ignored); every string either accepted keeps its value.
 */
class DurationsTest {

    /** What the manifests' grammar multiplied its number by, unit by unit. */
    static final Map<String, Double> MANIFEST_UNITS = Map.of("us", 1e-6, "ms", 1e-3, "s", 1.0);

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            750us                  | 750000
            5ms                    | 5000000
            0.2s                   | 200000000
            0s                     | 0
            1ms                    | 1000000
            60s                    | 60000000000
            300s                   | 300000000000
            1.5us                  | 1500
            0.0005us               | 1
            0.0004us               | 0
            0.000000001us          | 0
            0.123456789s           | 123456789
            0.1234567894s          | 123456789
            12.000ms               | 12000000
            007s                   | 7000000000
            """)
    void theManifestsFormsAsBefore(String text, long nanos) {
        assertEquals(Duration.ofNanos(nanos), Durations.parse(text));
        String unit = text.replaceAll("^[0-9.]+", "");
        double before = Double.parseDouble(text.substring(0, text.length() - unit.length())) * MANIFEST_UNITS.get(unit);
        assertEquals(before, Durations.seconds(text));
        assertTrue(text.matches(Durations.PATTERN), "the CRDs' pattern refuses " + text);
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', ignoreLeadingAndTrailingWhitespace = false, textBlock = """
            500ms|0|500000000
            10s|10|0
            2m|120|0
            0ms|0|0
            0m|0|0
              10s |10|0
            9223372036854775807ms|9223372036854775|807000000
            9223372036854775807s|9223372036854775807|0
            153722867280912930m|9223372036854775800|0
            0.5m|30|0
            1.25m|75|0
            0.001m|0|60000000
            2.5ms|0|2500000
            """)
    void theCommandLinesFormsAsBeforeAndNowTheirFractions(String text, long seconds, long nanos) {
        assertEquals(Duration.ofSeconds(seconds, nanos), Durations.parse(text));
        assertEquals(seconds + nanos / 1e9, Durations.seconds(text), Math.ulp(seconds + nanos / 1e9));
    }

    @ParameterizedTest(name = "''{0}''")
    @NullAndEmptySource
    @ValueSource(strings = {"5", "1h", "-1s", "s", "5 s", "1 0s", " ", "+1s", "1e3s", "1.s", ".5s", "1.5.5s", "5S",
            "5MS", "5ns", "5µs", "5sec", "5min", "1m30s", "5s5", "1,5s", "0x10s", "١s", "PT5S", "5 ms"})
    void refusesWhatNeitherGrammarAccepted(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Durations.parse(text));
        assertEquals("'" + text + "' is not a duration: write a number and a unit, us, ms, s or m, such as 750us, "
                + "5ms, 0.2s, 10s or 2m", e.getMessage());
        assertEquals(e.getMessage(),
                assertThrows(IllegalArgumentException.class, () -> Durations.seconds(text)).getMessage());
    }

    @Test
    void aDurationLongerThanADurationHoldsHasOnlySeconds() {
        for (String text : new String[] {"9223372036854775808s", "153722867280912931m", "99999999999999999999s",
                "9223372036854775807.9999999995s"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Durations.parse(text));
            assertEquals("'" + text + "' is longer than the longest duration, 9223372036854775807s", e.getMessage());
        }
        assertEquals(1e20, Durations.seconds("99999999999999999999s"));
        assertEquals(Duration.ofSeconds(Long.MAX_VALUE, 999_999_999),
                Durations.parse("9223372036854775807.9999999994s"));
    }

    @Property
    void wholeNumbersOfTheCommandLinesUnitsAsBefore(@ForAll @LongRange(max = Long.MAX_VALUE / 60) long n,
                                                    @ForAll("blanks") String before, @ForAll("blanks") String after) {
        assertEquals(Duration.ofMillis(n), Durations.parse(before + n + "ms" + after));
        assertEquals(Duration.ofSeconds(n), Durations.parse(before + n + "s" + after));
        assertEquals(Duration.ofMinutes(n), Durations.parse(before + n + "m" + after));
    }

    @Property
    void theManifestsSecondsToTheBit(@ForAll("numbers") String number, @ForAll("manifestUnits") String unit) {
        String text = number + unit;
        assertTrue(text.matches(Durations.PATTERN), "the CRDs' pattern refuses " + text);
        assertEquals(Double.parseDouble(number) * MANIFEST_UNITS.get(unit), Durations.seconds(text));
    }

    /** The Duration is exact; the callers' rounding of the seconds to nanoseconds came within one of it. */
    @Property
    void theManifestsDurationsAsCallersRoundedThem(@ForAll("shortNumbers") String number,
                                                   @ForAll("manifestUnits") String unit) {
        String text = number + unit;
        long before = Math.round(Durations.seconds(text) * 1e9);
        long nanos = Durations.parse(text).toNanos();
        assertTrue(Math.abs(nanos - before) <= 1, text + ": " + nanos + " ns, callers had " + before);
    }

    /** Over strings of digits, points, units and blanks: one pattern says what both views accept. */
    @Property(tries = 3000)
    void acceptsWhatThePatternAcceptsAndNothingElse(@ForAll("nearMisses") String text) {
        if (Pattern.compile("\\s*" + Durations.PATTERN.replaceAll("^\\^|\\$$", "") + "\\s*").matcher(text).matches()) {
            double seconds = Durations.seconds(text);
            Duration d = Durations.parse(text);
            assertEquals(seconds, d.getSeconds() + d.getNano() / 1e9, 1e-9 + 1e-12 * seconds);
        } else {
            assertThrows(IllegalArgumentException.class, () -> Durations.parse(text));
            assertThrows(IllegalArgumentException.class, () -> Durations.seconds(text));
        }
    }

    @Provide
    Arbitrary<String> blanks() {
        return Arbitraries.of("", " ", "  ", "\t", "\n");
    }

    @Provide
    Arbitrary<String> manifestUnits() {
        return Arbitraries.of("us", "ms", "s");
    }

    @Provide
    Arbitrary<String> numbers() {
        return number(25, 15);
    }

    @Provide
    Arbitrary<String> shortNumbers() {
        return number(5, 12);
    }

    @Provide
    Arbitrary<String> nearMisses() {
        return Arbitraries.strings().withChars("0123456789.usmh -+e\t").ofMaxLength(8);
    }

    private static Arbitrary<String> number(int wholeDigits, int fractionDigits) {
        Arbitrary<String> whole = Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(wholeDigits);
        Arbitrary<String> fraction = Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(fractionDigits)
                .map(f -> "." + f).injectNull(0.3).map(f -> f == null ? "" : f);
        return Combinators.combine(whole, fraction).as(String::concat);
    }
}
