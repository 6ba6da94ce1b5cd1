package io.brokerwise.measure;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;

/** The durations the measuring commands' options take: 500ms, 10s, 2m. Also their options' converter. */
public final class Durations implements ITypeConverter<Duration> {

    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m)");

    public static Duration parse(String text) {
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("a duration looks like 500ms, 10s or 2m, got " + text);
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            default -> Duration.ofMinutes(n);
        };
    }

    @Override
    public Duration convert(String text) {
        return parse(text);
    }
}
