package io.brokerwise.measure.delivery;

import java.util.ArrayList;
import java.util.List;

/**
 * Messages of one subscriber between {@code fromMillis} and {@code toMillis} (wall clock): those it missed, by when
 * they were sent, or those that arrived a second time, by when they did. An outage or a move shows as one span,
 * which a test compares with the time of the fault it injected or the change it made.
 */
public record MessageSpan(long fromMillis, long toMillis, long messages) {

    /** Messages more than this far apart are two spans. */
    static final long GAP_MILLIS = 1_000;

    static List<MessageSpan> of(List<Long> millis) {
        List<Long> sorted = millis.stream().sorted().toList();
        List<MessageSpan> spans = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= sorted.size(); i++) {
            if (i == sorted.size() || sorted.get(i) - sorted.get(i - 1) > GAP_MILLIS) {
                spans.add(new MessageSpan(sorted.get(start), sorted.get(i - 1), i - start));
                start = i;
            }
        }
        return spans;
    }
}
