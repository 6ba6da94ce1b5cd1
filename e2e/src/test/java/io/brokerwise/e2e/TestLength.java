package io.brokerwise.e2e;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The cluster tier's two lengths. By default each load runs as long as its assertions need: every disruption once,
 * a short calm between them. {@code ./run-tests --long} ({@code -De2e.long=true}) runs the same tests with longer
 * calm periods, longer benchmark points and each list of disruptions {@value #LONG_REPEATS} times over: what a soak
 * of the fault and scaling paths needs, before a change to a load test, a fault path or the client's delivery lands.
 */
final class TestLength {

    static final boolean LONG = Boolean.getBoolean("e2e.long");
    static final int LONG_REPEATS = 3;

    private TestLength() {
    }

    static <T> T pick(T normal, T longer) {
        return LONG ? longer : normal;
    }

    /** The steps once, or {@value #LONG_REPEATS} times over in the long run. */
    static <T> List<T> repeated(List<T> steps) {
        List<T> all = new ArrayList<>();
        Collections.nCopies(LONG ? LONG_REPEATS : 1, steps).forEach(all::addAll);
        return all;
    }
}
