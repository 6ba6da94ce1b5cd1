package io.brokerwise.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A log-log line chart as standalone SVG, the form of the dissertation's capacity figures. Hand-written
 * because the chart libraries of the JVM need AWT fonts, which a headless machine may not have.
 */
final class SvgLineChart {

    private static final int WIDTH = 760;
    private static final int HEIGHT = 460;
    private static final int LEFT = 80;
    private static final int RIGHT = 180;
    private static final int TOP = 40;
    private static final int BOTTOM = 60;
    private static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"};

    record Series(String name, double[] x, double[] y, boolean dashed) {
    }

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final List<Series> series = new ArrayList<>();

    SvgLineChart(String title, String xLabel, String yLabel) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    SvgLineChart add(Series s) {
        series.add(s);
        return this;
    }

    String render() {
        double[] xr = decades(series.stream().flatMapToDouble(s -> java.util.Arrays.stream(s.x())).toArray());
        double[] yr = decades(series.stream().flatMapToDouble(s -> java.util.Arrays.stream(s.y())).toArray());
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "font-family=\"sans-serif\" font-size=\"12\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n",
                WIDTH, HEIGHT));
        svg.append(text(WIDTH / 2.0 - RIGHT / 2.0, 22, title, "middle", 15));
        axes(svg, xr, yr);
        for (int i = 0; i < series.size(); i++) {
            line(svg, series.get(i), xr, yr, COLORS[i % COLORS.length]);
            legend(svg, series.get(i), i, COLORS[i % COLORS.length]);
        }
        return svg.append("</svg>\n").toString();
    }

    private void axes(StringBuilder svg, double[] xr, double[] yr) {
        for (double d = xr[0]; d <= xr[1]; d++) {
            double x = px(d, xr);
            svg.append(line(x, TOP, x, HEIGHT - BOTTOM, "#ddd"));
            svg.append(text(x, HEIGHT - BOTTOM + 18, tick(d), "middle", 12));
        }
        for (double d = yr[0]; d <= yr[1]; d++) {
            double y = py(d, yr);
            svg.append(line(LEFT, y, WIDTH - RIGHT, y, "#ddd"));
            svg.append(text(LEFT - 8, y + 4, tick(d), "end", 12));
        }
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\"/>%n",
                LEFT, TOP, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM));
        svg.append(text((LEFT + WIDTH - RIGHT) / 2.0, HEIGHT - 15, xLabel, "middle", 13));
        svg.append(String.format(Locale.ROOT, "<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"13\" "
                + "transform=\"rotate(-90 18 %.1f)\">%s</text>%n", (TOP + HEIGHT - BOTTOM) / 2.0,
                (TOP + HEIGHT - BOTTOM) / 2.0, escape(yLabel)));
    }

    private void line(StringBuilder svg, Series s, double[] xr, double[] yr, String color) {
        StringBuilder points = new StringBuilder();
        for (int i = 0; i < s.x().length; i++) {
            if (s.x()[i] > 0 && s.y()[i] > 0) {
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px(Math.log10(s.x()[i]), xr), py(Math.log10(s.y()[i]), yr)));
            }
        }
        svg.append(String.format("<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"%s\"/>%n",
                color, s.dashed() ? " stroke-dasharray=\"6 4\"" : "", points.toString().trim()));
    }

    private void legend(StringBuilder svg, Series s, int i, String color) {
        double y = TOP + 14 + 20 * i;
        double x = WIDTH - RIGHT + 12;
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                + "stroke-width=\"2\"%s/>%n", x, y - 4, x + 24, y - 4, color, s.dashed() ? " stroke-dasharray=\"6 4\"" : ""));
        svg.append(text(x + 30, y, s.name(), "start", 12));
    }

    /** The whole decades that cover the positive values. */
    private static double[] decades(double[] values) {
        double lo = Double.MAX_VALUE;
        double hi = -Double.MAX_VALUE;
        for (double v : values) {
            if (v > 0) {
                lo = Math.min(lo, Math.floor(Math.log10(v)));
                hi = Math.max(hi, Math.ceil(Math.log10(v)));
            }
        }
        return lo > hi ? new double[] {0, 1} : new double[] {lo, Math.max(hi, lo + 1)};
    }

    private static double px(double log, double[] r) {
        return LEFT + (log - r[0]) / (r[1] - r[0]) * (WIDTH - LEFT - RIGHT);
    }

    private static double py(double log, double[] r) {
        return HEIGHT - BOTTOM - (log - r[0]) / (r[1] - r[0]) * (HEIGHT - TOP - BOTTOM);
    }

    private static String tick(double decade) {
        return decade >= 0 && decade <= 6 ? String.format(Locale.ROOT, "%,.0f", Math.pow(10, decade)) : "1e" + (int) decade;
    }

    private static String line(double x1, double y1, double x2, double y2, String color) {
        return String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>%n",
                x1, y1, x2, y2, color);
    }

    private static String text(double x, double y, String s, String anchor, int size) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">%s</text>%n",
                x, y, anchor, size, escape(s));
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
