package io.brokerwise.cli;

import io.brokerwise.model.fit.MeasuredPoint;
import io.brokerwise.model.service.FilterSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Measured points as CSV: a header naming the columns, then one point per line. Required columns:
 * filters, replicationGrade, receivedRate (msgs/s); optional: distinctFilters, components, messageSizeBytes
 * (points of several sizes fit per-byte times).
 */
final class MeasuredPointsCsv {

    static final List<String> REQUIRED = List.of("filters", "replicationGrade", "receivedRate");

    private MeasuredPointsCsv() {
    }

    static List<MeasuredPoint> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file).stream().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        if (lines.isEmpty()) {
            throw new IllegalArgumentException(file + ": empty; expected a header " + String.join(",", REQUIRED));
        }
        List<String> header = Arrays.stream(lines.get(0).split(",")).map(String::trim).toList();
        for (String column : REQUIRED) {
            if (!header.contains(column)) {
                throw new IllegalArgumentException(file + ": header lacks column '" + column + "'; required: "
                        + String.join(",", REQUIRED) + "; optional: distinctFilters,components,messageSizeBytes");
            }
        }
        List<MeasuredPoint> points = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            points.add(point(file, i + 1, header, lines.get(i).split(",")));
        }
        return points;
    }

    private static MeasuredPoint point(Path file, int line, List<String> header, String[] cells) {
        try {
            double filters = cell(header, cells, "filters", Double.NaN);
            double distinct = cell(header, cells, "distinctFilters", filters);
            int components = (int) cell(header, cells, "components", 1);
            return new MeasuredPoint(new FilterSet(filters, distinct, components),
                    cell(header, cells, "replicationGrade", Double.NaN), cell(header, cells, "receivedRate", Double.NaN),
                    cell(header, cells, "messageSizeBytes", Double.NaN));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + " line " + line + ": " + e.getMessage());
        }
    }

    private static double cell(List<String> header, String[] cells, String column, double fallback) {
        int i = header.indexOf(column);
        if (i < 0) {
            return fallback;
        }
        if (i >= cells.length || cells[i].isBlank()) {
            throw new IllegalArgumentException("column '" + column + "' is empty");
        }
        try {
            return Double.parseDouble(cells[i].trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("column '" + column + "': '" + cells[i].trim() + "' is not a number");
        }
    }
}
