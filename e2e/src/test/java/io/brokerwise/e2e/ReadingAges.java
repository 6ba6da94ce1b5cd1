package io.brokerwise.e2e;

import io.skodjob.testframe.metrics.Gauge;
import io.skodjob.testframe.metrics.Metric;
import io.skodjob.testframe.metrics.PrometheusTextFormatParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * How old the operator's broker readings are, from its metrics ({@code brokerwise_readings_age_seconds} by topology
 * and purpose, {@code brokerwise_scrape_failing_targets}): over the topologies whose brokers answer, and over the
 * quarter whose brokers may not ({@link SimulatedBrokers#inQuarter}).
 */
record ReadingAges(double[] answering, double[] quarter, long failingTargets) {

    static final String AGE = "brokerwise_readings_age_seconds";
    static final String FAILING = "brokerwise_scrape_failing_targets";

    /** The autoscaling readings' ages of the topologies of {@code ns}, split by {@code quarter} (topology name). */
    static ReadingAges of(String metrics, String ns, Map<String, Boolean> quarter) {
        List<Metric> parsed = parse(metrics);
        List<Gauge> ages = ages(parsed, ns);
        return new ReadingAges(sorted(ages, quarter, false), sorted(ages, quarter, true),
                (long) parsed.stream().filter(m -> m.getName().equals(FAILING)).mapToDouble(m -> ((Gauge) m).getValue())
                        .sum());
    }

    /** How many topologies of {@code ns} the operator watches for autoscaling. */
    static int watched(String metrics, String ns) {
        return ages(parse(metrics), ns).size();
    }

    private static List<Gauge> ages(List<Metric> metrics, String ns) {
        return metrics.stream().filter(m -> m.getName().equals(AGE) && m instanceof Gauge)
                .filter(m -> "autoscaling".equals(m.getLabels().get("purpose"))
                        && m.getLabels().getOrDefault("topology", "").startsWith(ns + "/"))
                .map(Gauge.class::cast).toList();
    }

    private static double[] sorted(List<Gauge> ages, Map<String, Boolean> quarter, boolean inQuarter) {
        return ages.stream().filter(g -> quarter.getOrDefault(name(g), false) == inQuarter)
                .mapToDouble(Gauge::getValue).sorted().toArray();
    }

    private static String name(Gauge g) {
        String topology = g.getLabels().get("topology");
        return topology.substring(topology.indexOf('/') + 1);
    }

    private static List<Metric> parse(String metrics) {
        try {
            return PrometheusTextFormatParser.parse(metrics);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return String.format("over the %d topologies whose brokers answer: median %s, max %s; over the quarter's %d: "
                + "median %s, max %s; failing targets %d", answering.length, median(answering), max(answering),
                quarter.length, median(quarter), max(quarter), failingTargets);
    }

    private static String median(double[] sorted) {
        return sorted.length == 0 ? "-" : String.format("%.1f s", sorted[sorted.length / 2]);
    }

    private static String max(double[] sorted) {
        return sorted.length == 0 ? "-" : String.format("%.1f s", sorted[sorted.length - 1]);
    }
}
