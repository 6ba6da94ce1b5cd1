package io.brokerwise.benchmarks.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.planning.ProfileResolver;
import io.brokerwise.model.chart.SvgChart;
import io.brokerwise.model.service.FilterSet;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One self-contained HTML page from result files: a calibration's points (received rate against filters,
 * one line per r and filter length, and against message size for a size series, with the fitted model's
 * prediction dashed when its manifest lies beside them) and runs (a table with bytes/s beside msgs/s; latency
 * against load when there are several rate-mode runs, latency and rate against message size when the runs differ
 * in size).
 */
public final class HtmlReport {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final StringBuilder body = new StringBuilder();
    private final List<JsonNode> runs = new ArrayList<>();
    private final List<String> runNames = new ArrayList<>();

    public HtmlReport add(Path file) throws IOException {
        JsonNode doc = JSON.readTree(file.toFile());
        if (doc.has("points")) {
            calibration(file, doc);
        } else if (doc.has("publishedPerSecond")) {
            runs.add(doc);
            runNames.add(file.getFileName().toString());
        } else {
            throw new IllegalArgumentException(file + " is neither a run result nor a calibration's points");
        }
        return this;
    }

    public String render() {
        if (!runs.isEmpty()) {
            runsSection();
        }
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Brokerwise measurements</title>\n"
                + "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
                + "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}.bad{color:#b00}</style>"
                + "</head><body>\n<h1>Brokerwise measurements</h1>\n" + body + "</body></html>\n";
    }

    private void calibration(Path file, JsonNode doc) throws IOException {
        String name = doc.path("name").asText(file.getFileName().toString());
        body.append("<h2>Calibration ").append(escape(name)).append("</h2>\n<p>").append(escape(doc.path("command")
                .asText())).append("<br>took ").append(doc.path("tookSeconds").asLong()).append(" s, load average before ")
                .append(doc.path("loadAverageBefore").asDouble()).append("</p>\n");
        boolean sized = sizeSeries(doc.get("points"));
        // one line per r, and per size in a size series and per filter length: points that differ in either at one
        // r do not lie on one line; keys are (r, bytes, components) and (r, m_add, components)
        Map<List<Integer>, List<double[]>> byFilters = new TreeMap<>(HtmlReport::compareKeys);
        Map<List<Integer>, List<double[]>> bySize = new TreeMap<>(HtmlReport::compareKeys);
        StringBuilder table = new StringBuilder("<table><tr><th>r</th><th>m_add</th><th>components</th><th>bytes</th>"
                + "<th>received msgs/s</th><th>valid</th><th>held out</th><th>problems</th></tr>\n");
        for (JsonNode p : doc.get("points")) {
            int r = p.get("r").asInt();
            int m = p.get("mAdd").asInt();
            int components = p.path("components").asInt(1);
            int bytes = p.path("messageBytes").asInt(-1);
            double rate = p.get("receivedPerSecond").asDouble();
            byFilters.computeIfAbsent(List.of(r, sized ? bytes : -1, components), k -> new ArrayList<>())
                    .add(new double[] {r + m, rate});
            bySize.computeIfAbsent(List.of(r, m, components), k -> new ArrayList<>()).add(new double[] {bytes, rate});
            boolean valid = p.get("valid").asBoolean();
            table.append(String.format(Locale.ROOT, "<tr><td>%d</td><td>%d</td><td>%d</td><td>%s</td><td>%,.0f</td>"
                    + "<td%s>%s</td><td>%s</td><td style=\"text-align:left\">%s</td></tr>%n", r, m, components,
                    bytes < 0 ? "" : bytes, rate, valid ? "" : " class=\"bad\"", valid, p.get("heldOut").asBoolean(),
                    escape(p.path("result").path("validityProblems").toString())));
        }
        SvgChart chart = new SvgChart("Calibration " + name, "filters on the broker (r + m_add)", "received msgs/s",
                SvgChart.Scale.LINEAR);
        byFilters.forEach((key, pts) -> chart.add(SvgChart.Series.of(label(key), pts, SvgChart.Style.POINTS)));
        SvgChart sizes = new SvgChart("Calibration " + name + " against message size", "message size (bytes)",
                "received msgs/s", SvgChart.Scale.LOG);
        bySize.forEach((key, pts) -> sizes.add(SvgChart.Series.of(sizeLabel(key), pts, SvgChart.Style.POINTS)));
        Path manifest = file.resolveSibling(name + ".yaml");
        if (Files.isReadable(manifest)) {
            BrokerProfile profile = new ManifestReader().add(new StringReader(Files.readString(manifest)),
                    manifest.toString()).one(BrokerProfile.class);
            var fitted = ProfileResolver.fromResource(profile);
            byFilters.forEach((key, pts) -> {
                var atSize = sized ? fitted.atMessageSize(key.get(1)) : fitted;
                List<double[]> predicted = new ArrayList<>();
                for (double[] p : pts) {
                    predicted.add(new double[] {p[0], atSize.receivedCapacity(new FilterSet(p[0], p[0], key.get(2)),
                            key.get(0))});
                }
                chart.add(SvgChart.Series.of("fit, " + label(key), predicted, SvgChart.Style.DASHED));
            });
            bySize.forEach((key, pts) -> {
                List<double[]> predicted = new ArrayList<>();
                for (double[] p : pts) {
                    int filters = key.get(0) + key.get(1);
                    predicted.add(new double[] {p[0], fitted.atMessageSize(p[0])
                            .receivedCapacity(new FilterSet(filters, filters, key.get(2)), key.get(0))});
                }
                sizes.add(SvgChart.Series.of("fit, " + sizeLabel(key), predicted, SvgChart.Style.DASHED));
            });
        }
        body.append(chart.render());
        if (sized) {
            body.append(sizes.render());
        }
        body.append(table).append("</table>\n");
    }

    /** A line of received rate against filters: its r, its size in a size series, its filter length unless 1. */
    private static String label(List<Integer> key) {
        return "r = " + key.get(0) + (key.get(1) < 0 ? "" : ", " + key.get(1) + " B") + components(key.get(2));
    }

    private static String sizeLabel(List<Integer> key) {
        return "r = " + key.get(0) + ", m_add = " + key.get(1) + components(key.get(2));
    }

    private static String components(int components) {
        return components == 1 ? "" : ", " + components + " components";
    }

    private static int compareKeys(List<Integer> a, List<Integer> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = Integer.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    /** Whether the points differ in message size (points written before they carried one have none). */
    private static boolean sizeSeries(JsonNode points) {
        Set<Integer> sizes = new HashSet<>();
        points.forEach(p -> sizes.add(p.path("messageBytes").asInt(-1)));
        return sizes.size() > 1;
    }

    /**
     * A table of the runs with bytes/s beside msgs/s; latency against load when several ran Poisson publishers,
     * and latency and rate against message size when they differ in size, as Mupparaju, "Performance Evaluation
     * and Comparison of Distributed Messaging Using Message Oriented Middleware", ch. 5, charts them.
     */
    private void runsSection() {
        body.append("<h2>Runs</h2>\n<table><tr><th>file</th><th>layout</th><th>mode</th><th>bytes</th>"
                + "<th>published/s</th><th>published MB/s</th><th>received/s per broker</th><th>dispatched/s</th>"
                + "<th>dispatched MB/s</th><th>p50 us</th><th>p99 us</th><th>broker CPU</th><th>client CPU</th>"
                + "<th>counts match</th><th>valid</th></tr>\n");
        List<double[]> p50 = new ArrayList<>();
        List<double[]> p99 = new ArrayList<>();
        List<double[]> p50BySize = new ArrayList<>();
        List<double[]> p99BySize = new ArrayList<>();
        List<double[]> rateBySize = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            JsonNode r = runs.get(i);
            int bytes = r.path("spec").path("messageBytes").asInt(-1);
            double published = r.get("publishedPerSecond").asDouble();
            double latency50 = r.path("latencyMicros").path("p50").asDouble();
            double latency99 = r.path("latencyMicros").path("p99").asDouble();
            body.append(String.format(Locale.ROOT, "<tr><td style=\"text-align:left\">%s</td><td>%s</td><td>%s</td>"
                    + "<td>%s</td><td>%,.0f</td><td>%s</td><td>%,.0f</td><td>%,.0f</td><td>%s</td><td>%,.0f</td>"
                    + "<td>%,.0f</td><td>%s</td><td>%.0f%%</td><td>%s</td><td%s>%s</td></tr>%n",
                    escape(runNames.get(i)), escape(r.path("spec").path("layout").asText()),
                    escape(r.path("spec").path("mode").asText()), bytes < 0 ? "" : bytes, published,
                    megabytes(r.path("publishedBytesPerSecond")), r.get("receivedPerSecond").asDouble(),
                    r.get("dispatchedPerSecond").asDouble(), megabytes(r.path("dispatchedBytesPerSecond")), latency50,
                    latency99, escape(r.path("brokerCpuUtilization").toString()),
                    100 * r.path("clientCpuUtilization").asDouble(), r.path("countsMatchBrokers").asBoolean(),
                    r.path("valid").asBoolean() ? "" : " class=\"bad\"", r.path("valid").asBoolean()));
            if ("rate".equals(r.path("spec").path("mode").asText())) {
                p50.add(new double[] {published, latency50});
                p99.add(new double[] {published, latency99});
            }
            if (bytes >= 0) {
                p50BySize.add(new double[] {bytes, latency50});
                p99BySize.add(new double[] {bytes, latency99});
                rateBySize.add(new double[] {bytes, published});
            }
        }
        body.append("</table>\n");
        if (p99.size() >= 2) {
            body.append(new SvgChart("End-to-end latency", "published msgs/s", "latency (us)", SvgChart.Scale.LINEAR)
                    .add(SvgChart.Series.of("p50", p50, SvgChart.Style.POINTS))
                    .add(SvgChart.Series.of("p99", p99, SvgChart.Style.POINTS)).render());
        }
        if (p99BySize.stream().mapToDouble(p -> p[0]).distinct().count() >= 2) {
            body.append(new SvgChart("End-to-end latency against message size", "message size (bytes)",
                    "latency (us)", SvgChart.Scale.LOG).add(SvgChart.Series.of("p50", p50BySize, SvgChart.Style.POINTS))
                    .add(SvgChart.Series.of("p99", p99BySize, SvgChart.Style.POINTS)).render());
            body.append(new SvgChart("Published rate against message size", "message size (bytes)", "published msgs/s",
                    SvgChart.Scale.LOG).add(SvgChart.Series.of("published", rateBySize, SvgChart.Style.POINTS)).render());
        }
    }

    /** Bytes/s as MB/s; blank for results written before they carried it. */
    private static String megabytes(JsonNode bytesPerSecond) {
        return bytesPerSecond.isNumber() ? String.format(Locale.ROOT, "%,.1f", bytesPerSecond.asDouble() / 1e6) : "";
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
