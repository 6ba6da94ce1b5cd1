package io.brokerwise.benchmarks.command;

import io.brokerwise.benchmarks.report.HtmlReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code brokerwise-bench report}: an HTML page with charts from run results and calibration points. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write one self-contained HTML report (inline SVG charts) from result JSON files.")
final class ReportCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", description = "run results (run --out) and calibration points (*.points.json)")
    List<Path> files;
    @Option(names = "--out", defaultValue = "report.html")
    Path out;

    @Override
    public Integer call() throws Exception {
        HtmlReport report = new HtmlReport();
        for (Path f : files) {
            report.add(f);
        }
        Files.writeString(out, report.render());
        System.err.println("loadgen: report in " + out);
        return 0;
    }
}
