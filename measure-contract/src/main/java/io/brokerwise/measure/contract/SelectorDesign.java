package io.brokerwise.measure.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The subscribers of a measurement and their selectors, built so the replication grade is known by design
 * (sec. 4.2.2.1): every message carries value #0; {@code r} subscribers filter for #0 and {@code mAdd} more
 * for #1 .. #mAdd, so each message is evaluated against r + mAdd filters and copied exactly r times.
 * A filter of n components (eq. 4.12) puts the deciding comparison last, so the broker evaluates every
 * component whether the filter matches or not.
 */
public record SelectorDesign(int r, int mAdd, Kind kind, Shape shape, int components) {

    /** What the selector tests: an application property or the JMS correlation ID. */
    public enum Kind { property, correlation }

    /**
     * How components combine: a single comparison, or an OR / AND / IN filter of n components; or no
     * selector at all (every subscriber receives every message), the baseline {@code artemis perf} measures.
     */
    public enum Shape { simple, or, and, in, none }

    /** The application property the selectors test. */
    public static final String PROPERTY = "bw_key";

    /** The subscribers of the sec. 4.2.2.1 calibration series: simple application-property selectors. */
    public static SelectorDesign calibration(int r, int mAdd) {
        return calibration(r, mAdd, Shape.or, 1);
    }

    /**
     * The subscribers of a calibration point whose application-property selectors have {@code components}
     * components, combined by {@code shape} (a simple selector for one component), as eq. 4.12 charges them.
     */
    public static SelectorDesign calibration(int r, int mAdd, Shape shape, int components) {
        return new SelectorDesign(r, mAdd, Kind.property, components > 1 ? shape : Shape.simple, components);
    }

    /**
     * A workload's filters as measured subscribers: one consumer per filter, round(E[R]) of them matching every
     * message. Saturated capacity depends on the mean service time only, so a fixed replication grade with the
     * workload's mean stands for every distribution of it.
     *
     * @param filters    subscribers x filters per subscriber
     * @param components components per filter: above one, an OR filter whose deciding comparison comes last
     */
    public static SelectorDesign forWorkload(int filters, double meanReplicationGrade, Kind kind, int components) {
        int r = (int) Math.round(meanReplicationGrade);
        return new SelectorDesign(r, filters - r, kind, components > 1 ? Shape.or : Shape.simple, components);
    }

    public SelectorDesign {
        if (r < 0 || mAdd < 0 || r + mAdd < 1) {
            throw new IllegalArgumentException("need r >= 0, m_add >= 0 and at least one subscriber");
        }
        if (components < 1 || (shape == Shape.simple || shape == Shape.none) && components != 1) {
            throw new IllegalArgumentException("a simple selector has 1 component, the others at least 1");
        }
        if (shape == Shape.none && mAdd != 0) {
            throw new IllegalArgumentException("without selectors every subscriber matches: m_add must be 0");
        }
    }

    /** The value every message carries; matching subscribers filter for it. */
    static String value(int i) {
        return "v" + i;
    }

    /**
     * The application properties every message carries: the value the matching subscribers filter for. Both
     * selector kinds' messages carry it and the correlation ID alike, so the two kinds measure the same
     * message; without selectors a message carries neither, like those of {@code artemis perf}.
     */
    public Map<String, Object> messageProperties() {
        return shape == Shape.none ? Map.of() : Map.of(PROPERTY, value(0));
    }

    /** The JMS correlation ID every message carries (see {@link #messageProperties()}), or null for none. */
    public String messageCorrelationId() {
        return shape == Shape.none ? null : value(0);
    }

    public int subscribers() {
        return r + mAdd;
    }

    /**
     * Selectors in subscriber order: first the r matching ones, then the mAdd non-matching ones; null
     * entries (shape none) subscribe without a selector.
     */
    public List<String> selectors() {
        List<String> out = new ArrayList<>();
        for (int s = 0; s < subscribers(); s++) {
            out.add(selector(s < r ? 0 : s - r + 1, s));
        }
        return out;
    }

    private String selector(int valueIndex, int subscriber) {
        String field = kind == Kind.property ? PROPERTY : "JMSCorrelationID";
        String deciding = value(valueIndex);
        // Non-deciding values are unique per subscriber and never carried by a message.
        List<String> others = new ArrayList<>();
        for (int c = 1; c < components; c++) {
            others.add("x" + subscriber + "_" + c);
        }
        return switch (shape) {
            case none -> null;
            case simple -> field + " = '" + deciding + "'";
            case or -> join(" OR ", others.stream().map(o -> field + " = '" + o + "'").toList(),
                    field + " = '" + deciding + "'");
            case and -> join(" AND ", others.stream().map(o -> field + " <> '" + o + "'").toList(),
                    field + " = '" + deciding + "'");
            case in -> {
                StringJoiner values = new StringJoiner(", ", field + " IN (", ")");
                others.forEach(o -> values.add("'" + o + "'"));
                values.add("'" + deciding + "'");
                yield values.toString();
            }
        };
    }

    private static String join(String op, List<String> first, String last) {
        StringJoiner j = new StringJoiner(op);
        first.forEach(j::add);
        j.add(last);
        return j.toString();
    }
}
