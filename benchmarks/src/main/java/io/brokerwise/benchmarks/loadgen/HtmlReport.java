package io.brokerwise.benchmarks.loadgen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.planning.ProfileResolver;
import io.brokerwise.api.report.SvgChart;
import io.brokerwise.model.service.FilterSet;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One self-contained HTML page from result files: a calibration's points (received rate against filters,
 * one line per r, with the fitted model's prediction dashed when its manifest lies beside them) and runs
 * (a table; latency against load when there are several rate-mode runs).
 */
final class HtmlReport {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final StringBuilder body = new StringBuilder();
    private final List<JsonNode> runs = new ArrayList<>();
    private final List<String> runNames = new ArrayList<>();

    HtmlReport add(Path file) throws IOException {
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

    String render() {
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
        Map<Integer, List<double[]>> measured = new TreeMap<>();
        StringBuilder table = new StringBuilder("<table><tr><th>r</th><th>m_add</th><th>received msgs/s</th>"
                + "<th>valid</th><th>held out</th><th>problems</th></tr>\n");
        for (JsonNode p : doc.get("points")) {
            int r = p.get("r").asInt();
            int m = p.get("mAdd").asInt();
            double rate = p.get("receivedPerSecond").asDouble();
            measured.computeIfAbsent(r, k -> new ArrayList<>()).add(new double[] {r + m, rate});
            boolean valid = p.get("valid").asBoolean();
            table.append(String.format(Locale.ROOT, "<tr><td>%d</td><td>%d</td><td>%,.0f</td><td%s>%s</td><td>%s</td>"
                    + "<td style=\"text-align:left\">%s</td></tr>%n", r, m, rate, valid ? "" : " class=\"bad\"", valid,
                    p.get("heldOut").asBoolean(), escape(p.path("result").path("validityProblems").toString())));
        }
        SvgChart chart = new SvgChart("Calibration " + name, "filters on the broker (r + m_add)", "received msgs/s",
                SvgChart.Scale.LINEAR);
        measured.forEach((r, pts) -> chart.add(SvgChart.Series.of("r = " + r, pts, SvgChart.Style.POINTS)));
        Path manifest = file.resolveSibling(name + ".yaml");
        if (Files.isReadable(manifest)) {
            BrokerProfile profile = new ManifestReader().add(new StringReader(Files.readString(manifest)),
                    manifest.toString()).one(BrokerProfile.class);
            var fitted = ProfileResolver.fromResource(profile);
            measured.forEach((r, pts) -> {
                List<double[]> predicted = new ArrayList<>();
                for (double[] p : pts) {
                    predicted.add(new double[] {p[0], fitted.receivedCapacity(FilterSet.simple(p[0]), r)});
                }
                chart.add(SvgChart.Series.of("fit, r = " + r, predicted, SvgChart.Style.DASHED));
            });
        }
        body.append(chart.render()).append(table).append("</table>\n");
    }

    private void runsSection() {
        body.append("<h2>Runs</h2>\n<table><tr><th>file</th><th>layout</th><th>mode</th><th>published/s</th>"
                + "<th>received/s per broker</th><th>dispatched/s</th><th>p50 us</th><th>p99 us</th><th>broker CPU</th>"
                + "<th>client CPU</th><th>counts match</th><th>valid</th></tr>\n");
        SvgChart latency = new SvgChart("End-to-end latency", "published msgs/s", "latency (us)", SvgChart.Scale.LINEAR);
        List<double[]> p50 = new ArrayList<>();
        List<double[]> p99 = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            JsonNode r = runs.get(i);
            body.append(String.format(Locale.ROOT, "<tr><td style=\"text-align:left\">%s</td><td>%s</td><td>%s</td>"
                    + "<td>%,.0f</td><td>%,.0f</td><td>%,.0f</td><td>%,.0f</td><td>%,.0f</td><td>%s</td><td>%.0f%%</td>"
                    + "<td>%s</td><td%s>%s</td></tr>%n", escape(runNames.get(i)), escape(r.path("spec").path("layout").asText()),
                    escape(r.path("spec").path("mode").asText()), r.get("publishedPerSecond").asDouble(),
                    r.get("receivedPerSecond").asDouble(), r.get("dispatchedPerSecond").asDouble(),
                    r.path("latencyMicros").path("p50").asDouble(), r.path("latencyMicros").path("p99").asDouble(),
                    escape(r.path("brokerCpuUtilization").toString()), 100 * r.path("clientCpuUtilization").asDouble(),
                    r.path("countsMatchBrokers").asBoolean(), r.path("valid").asBoolean() ? "" : " class=\"bad\"",
                    r.path("valid").asBoolean()));
            if ("rate".equals(r.path("spec").path("mode").asText())) {
                p50.add(new double[] {r.get("publishedPerSecond").asDouble(), r.path("latencyMicros").path("p50").asDouble()});
                p99.add(new double[] {r.get("publishedPerSecond").asDouble(), r.path("latencyMicros").path("p99").asDouble()});
            }
        }
        body.append("</table>\n");
        if (p99.size() >= 2) {
            body.append(latency.add(SvgChart.Series.of("p50", p50, SvgChart.Style.POINTS))
                    .add(SvgChart.Series.of("p99", p99, SvgChart.Style.POINTS)).render());
        }
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
