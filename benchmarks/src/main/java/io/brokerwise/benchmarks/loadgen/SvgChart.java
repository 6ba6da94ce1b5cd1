package io.brokerwise.benchmarks.loadgen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A small inline SVG line chart (series of x,y points, linear axes from zero, a legend), so a report is one
 * self-contained HTML file that opens anywhere without scripts or network.
 */
final class SvgChart {

    private static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
        "#e377c2", "#17becf"};
    private static final int W = 640;
    private static final int H = 360;
    private static final int LEFT = 70;
    private static final int BOTTOM = 40;
    private static final int TOP = 20;
    private static final int RIGHT = 150;

    private final String xLabel;
    private final String yLabel;
    private final Map<String, List<double[]>> series = new LinkedHashMap<>();
    private final Map<String, Boolean> dashed = new LinkedHashMap<>();

    SvgChart(String xLabel, String yLabel) {
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    /** Adds a series; dashed for predictions, solid with dots for measurements. */
    SvgChart add(String name, List<double[]> points, boolean isDashed) {
        List<double[]> sorted = new ArrayList<>(points);
        sorted.sort((a, b) -> Double.compare(a[0], b[0]));
        series.put(name, sorted);
        dashed.put(name, isDashed);
        return this;
    }

    String render() {
        double maxX = max(0);
        double maxY = max(1);
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "font-family=\"sans-serif\" font-size=\"11\">%n", W, H));
        int plotW = W - LEFT - RIGHT;
        int plotH = H - TOP - BOTTOM;
        svg.append(line(LEFT, TOP + plotH, LEFT + plotW, TOP + plotH, "#000", false));
        svg.append(line(LEFT, TOP, LEFT, TOP + plotH, "#000", false));
        for (int i = 0; i <= 4; i++) {
            double fx = maxX * i / 4;
            double fy = maxY * i / 4;
            int x = LEFT + plotW * i / 4;
            int y = TOP + plotH - plotH * i / 4;
            svg.append(text(x, TOP + plotH + 14, number(fx), "middle"));
            svg.append(text(LEFT - 4, y + 4, number(fy), "end"));
            svg.append(line(LEFT, y, LEFT + plotW, y, "#eee", false));
        }
        svg.append(text(LEFT + plotW / 2, H - 6, xLabel, "middle"));
        svg.append(String.format(Locale.ROOT, "<text x=\"12\" y=\"%d\" transform=\"rotate(-90 12 %d)\" "
                + "text-anchor=\"middle\">%s</text>%n", TOP + plotH / 2, TOP + plotH / 2, HtmlReport.escape(yLabel)));
        int i = 0;
        for (Map.Entry<String, List<double[]>> s : series.entrySet()) {
            String color = COLORS[i % COLORS.length];
            StringBuilder path = new StringBuilder();
            for (double[] p : s.getValue()) {
                double x = LEFT + plotW * p[0] / maxX;
                double y = TOP + plotH - plotH * p[1] / maxY;
                path.append(path.length() == 0 ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f", x, y));
                if (!dashed.get(s.getKey())) {
                    svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n",
                            x, y, color));
                }
            }
            svg.append(String.format(Locale.ROOT, "<path d=\"%s\" fill=\"none\" stroke=\"%s\"%s/>%n", path, color,
                    dashed.get(s.getKey()) ? " stroke-dasharray=\"5 4\"" : ""));
            int ly = TOP + 12 + 16 * i;
            svg.append(line(W - RIGHT + 10, ly - 4, W - RIGHT + 30, ly - 4, color, dashed.get(s.getKey())));
            svg.append(text(W - RIGHT + 34, ly, s.getKey(), "start"));
            i++;
        }
        return svg.append("</svg>\n").toString();
    }

    private double max(int axis) {
        double m = 0;
        for (List<double[]> s : series.values()) {
            for (double[] p : s) {
                m = Math.max(m, p[axis]);
            }
        }
        return m > 0 ? m * 1.05 : 1;
    }

    private static String line(double x1, double y1, double x2, double y2, String color, boolean isDashed) {
        return String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"%s/>%n",
                x1, y1, x2, y2, color, isDashed ? " stroke-dasharray=\"5 4\"" : "");
    }

    private static String text(double x, double y, String s, String anchor) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>%n", x, y, anchor,
                HtmlReport.escape(s));
    }

    private static String number(double v) {
        return v >= 10_000 ? String.format(Locale.ROOT, "%.0fk", v / 1000) : String.format(Locale.ROOT, "%.0f", v);
    }
}
