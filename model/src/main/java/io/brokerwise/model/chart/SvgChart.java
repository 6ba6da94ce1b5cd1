package io.brokerwise.model.chart;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A line chart as standalone SVG, for the CLI's capacity sweeps (log-log, the form of the
 * dissertation's figures) and the benchmark reports (linear from zero). Hand-written: the chart
 * libraries of the JVM need AWT fonts, which a headless machine may not have.
 */
public final class SvgChart {

    /** Both axes share the scale: decades for LOG, from zero for LINEAR. */
    public enum Scale { LINEAR, LOG }

    /** LINE for computed curves, DASHED to set one apart (a prediction beside a measurement), POINTS for measurements. */
    public enum Style { LINE, DASHED, POINTS }

    public record Series(String name, double[] x, double[] y, Style style) {

        /** A series from (x, y) pairs in any order; drawn left to right. */
        public static Series of(String name, List<double[]> points, Style style) {
            List<double[]> sorted = new ArrayList<>(points);
            sorted.sort((a, b) -> Double.compare(a[0], b[0]));
            return new Series(name, sorted.stream().mapToDouble(p -> p[0]).toArray(),
                    sorted.stream().mapToDouble(p -> p[1]).toArray(), style);
        }
    }

    private static final int WIDTH = 760;
    private static final int HEIGHT = 440;
    private static final int LEFT = 80;
    private static final int RIGHT = 190;
    private static final int TOP = 40;
    private static final int BOTTOM = 60;
    private static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
        "#e377c2", "#17becf"};

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final Scale scale;
    private final List<Series> series = new ArrayList<>();

    public SvgChart(String title, String xLabel, String yLabel, Scale scale) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
        this.scale = scale;
    }

    public SvgChart add(Series s) {
        series.add(s);
        return this;
    }

    public String render() {
        Axis x = axis(series.stream().flatMapToDouble(s -> Arrays.stream(s.x())).toArray());
        Axis y = axis(series.stream().flatMapToDouble(s -> Arrays.stream(s.y())).toArray());
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                + "width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n"
                + "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n", WIDTH, HEIGHT));
        svg.append(text((LEFT + WIDTH - RIGHT) / 2.0, 22, title, "middle", 15));
        grid(svg, x, y);
        for (int i = 0; i < series.size(); i++) {
            draw(svg, series.get(i), x, y, COLORS[i % COLORS.length]);
            legend(svg, series.get(i), i, COLORS[i % COLORS.length]);
        }
        return svg.append("</svg>\n").toString();
    }

    /** An axis's range in plot units (decades for LOG) and its tick positions. */
    private record Axis(double lo, double hi, double[] ticks) {
    }

    private Axis axis(double[] values) {
        if (scale == Scale.LINEAR) {
            double max = Arrays.stream(values).max().orElse(1);
            double hi = max > 0 ? max * 1.05 : 1;
            return new Axis(0, hi, new double[] {0, hi / 4, hi / 2, 3 * hi / 4, hi});
        }
        double lo = Double.MAX_VALUE;
        double hi = -Double.MAX_VALUE;
        for (double v : values) {
            if (v > 0) {
                lo = Math.min(lo, Math.floor(Math.log10(v)));
                hi = Math.max(hi, Math.ceil(Math.log10(v)));
            }
        }
        if (lo > hi) {
            lo = 0;
            hi = 1;
        }
        hi = Math.max(hi, lo + 1);
        double[] ticks = new double[(int) (hi - lo) + 1];
        for (int i = 0; i < ticks.length; i++) {
            ticks[i] = lo + i;
        }
        return new Axis(lo, hi, ticks);
    }

    private void grid(StringBuilder svg, Axis x, Axis y) {
        for (double t : x.ticks()) {
            double px = px(t, x);
            svg.append(line(px, TOP, px, HEIGHT - BOTTOM, "#ddd", false));
            svg.append(text(px, HEIGHT - BOTTOM + 18, tick(t), "middle", 12));
        }
        for (double t : y.ticks()) {
            double py = py(t, y);
            svg.append(line(LEFT, py, WIDTH - RIGHT, py, "#ddd", false));
            svg.append(text(LEFT - 8, py + 4, tick(t), "end", 12));
        }
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                + "stroke=\"#333\"/>%n", LEFT, TOP, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM));
        svg.append(text((LEFT + WIDTH - RIGHT) / 2.0, HEIGHT - 15, xLabel, "middle", 13));
        double mid = (TOP + HEIGHT - BOTTOM) / 2.0;
        svg.append(String.format(Locale.ROOT, "<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"13\" "
                + "transform=\"rotate(-90 18 %.1f)\">%s</text>%n", mid, mid, escape(yLabel)));
    }

    private void draw(StringBuilder svg, Series s, Axis x, Axis y, String color) {
        StringBuilder points = new StringBuilder();
        for (int i = 0; i < s.x().length; i++) {
            if (scale == Scale.LOG && (s.x()[i] <= 0 || s.y()[i] <= 0)) {
                continue;
            }
            double px = px(plot(s.x()[i]), x);
            double py = py(plot(s.y()[i]), y);
            points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px, py));
            if (s.style() == Style.POINTS) {
                svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n", px, py, color));
            }
        }
        svg.append(String.format("<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"%s\"/>%n",
                color, dash(s.style() == Style.DASHED), points.toString().trim()));
    }

    private void legend(StringBuilder svg, Series s, int i, String color) {
        double y = TOP + 14 + 20 * i;
        double x = WIDTH - RIGHT + 12;
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                + "stroke-width=\"2\"%s/>%n", x, y - 4, x + 24, y - 4, color, dash(s.style() == Style.DASHED)));
        svg.append(text(x + 30, y, s.name(), "start", 12));
    }

    private double plot(double value) {
        return scale == Scale.LOG ? Math.log10(value) : value;
    }

    private String tick(double t) {
        if (scale == Scale.LOG) {
            return t >= 0 && t <= 6 ? String.format(Locale.ROOT, "%,.0f", Math.pow(10, t)) : "1e" + (int) t;
        }
        return t >= 10_000 ? String.format(Locale.ROOT, "%.0fk", t / 1000) : String.format(Locale.ROOT, "%.3g", t);
    }

    private static double px(double v, Axis a) {
        return LEFT + (v - a.lo()) / (a.hi() - a.lo()) * (WIDTH - LEFT - RIGHT);
    }

    private static double py(double v, Axis a) {
        return HEIGHT - BOTTOM - (v - a.lo()) / (a.hi() - a.lo()) * (HEIGHT - TOP - BOTTOM);
    }

    private static String dash(boolean dashed) {
        return dashed ? " stroke-dasharray=\"6 4\"" : "";
    }

    private static String line(double x1, double y1, double x2, double y2, String color, boolean dashed) {
        return String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"%s/>%n",
                x1, y1, x2, y2, color, dash(dashed));
    }

    private static String text(double x, double y, String s, String anchor, int size) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">%s</text>%n",
                x, y, anchor, size, escape(s));
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
