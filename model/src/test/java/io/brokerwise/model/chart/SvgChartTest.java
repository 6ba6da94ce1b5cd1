package io.brokerwise.model.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SvgChartTest {

    @Test
    void measurementsGetDotsPredictionsDashesAndEveryPointStaysInThePlot() {
        String svg = new SvgChart("t", "x", "y", SvgChart.Scale.LINEAR)
                .add(SvgChart.Series.of("measured", List.of(new double[] {3, 30}, new double[] {1, 10}), SvgChart.Style.POINTS))
                .add(SvgChart.Series.of("fit", List.of(new double[] {1, 12}, new double[] {3, 28}), SvgChart.Style.DASHED))
                .render();
        assertEquals(2, count(svg, "<circle"));
        assertEquals(2, count(svg, "<polyline"));
        assertTrue(svg.contains("stroke-dasharray"));
        Matcher m = Pattern.compile("cx=\"([0-9.]+)\" cy=\"([0-9.]+)\"").matcher(svg);
        double previousX = -1;
        while (m.find()) {
            double x = Double.parseDouble(m.group(1));
            double y = Double.parseDouble(m.group(2));
            assertTrue(x >= 80 && x <= 570 && y >= 40 && y <= 380, "point inside the plot area: " + x + "," + y);
            assertTrue(x > previousX, "points drawn left to right");
            previousX = x;
        }
    }

    @Test
    void logScaleSkipsNonPositiveValuesAndLabelsDecades() {
        String svg = new SvgChart("t", "m", "capacity", SvgChart.Scale.LOG)
                .add(new SvgChart.Series("c", new double[] {0, 10, 1000}, new double[] {5, 50, 5000}, SvgChart.Style.LINE))
                .render();
        Matcher points = Pattern.compile("<polyline[^>]* points=\"([^\"]*)\"").matcher(svg);
        assertTrue(points.find());
        assertEquals(2, points.group(1).trim().split(" ").length, "the x = 0 point is skipped");
        assertTrue(svg.contains(">1,000<") && svg.contains(">10<"));
        assertEquals(0, count(svg, "<circle"));
    }

    private static int count(String s, String part) {
        return s.split(Pattern.quote(part), -1).length - 1;
    }
}
