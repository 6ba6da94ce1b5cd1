package io.brokerwise.measure.delivery;

import java.util.ArrayList;
import java.util.List;

/**
 * Messages a subscriber missed, sent between {@code fromMillis} and {@code toMillis} (wall clock): an outage shows
 * as one span, which a test compares with the time of the fault it injected.
 */
public record MissingSpan(long fromMillis, long toMillis, long messages) {

    /** Missed messages more than this far apart (by send time) are two spans. */
    static final long GAP_MILLIS = 1_000;

    static List<MissingSpan> of(List<Long> sendMillis) {
        List<Long> sorted = sendMillis.stream().sorted().toList();
        List<MissingSpan> spans = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= sorted.size(); i++) {
            if (i == sorted.size() || sorted.get(i) - sorted.get(i - 1) > GAP_MILLIS) {
                spans.add(new MissingSpan(sorted.get(start), sorted.get(i - 1), i - start));
                start = i;
            }
        }
        return spans;
    }
}
