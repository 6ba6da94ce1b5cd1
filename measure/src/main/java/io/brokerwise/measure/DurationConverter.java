package io.brokerwise.measure;

import io.brokerwise.model.Durations;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;

/** A duration option's converter: the one grammar of {@link Durations} (500ms, 10s, 2m, 0.2s). */
public final class DurationConverter implements ITypeConverter<Duration> {

    @Override
    public Duration convert(String text) {
        return Durations.parse(text);
    }
}
