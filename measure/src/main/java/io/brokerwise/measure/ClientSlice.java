package io.brokerwise.measure;

/**
 * Which share of a load this process runs when a benchmark spreads it over {@code count} client processes:
 * publishers and subscribers whose number modulo {@code count} is {@code index}. Slice 0 also reads the
 * brokers' metrics, once for all slices.
 */
public record ClientSlice(int index, int count) {

    public static final ClientSlice WHOLE = new ClientSlice(0, 1);

    public ClientSlice {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("client slice " + index + " of " + count + " does not exist");
        }
    }

    boolean runs(int member) {
        return member % count == index;
    }

    /** Whether this slice reads the brokers' counters and CPU. */
    boolean readsBrokers() {
        return index == 0;
    }
}
