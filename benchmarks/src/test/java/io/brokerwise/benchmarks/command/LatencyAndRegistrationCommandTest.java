package io.brokerwise.benchmarks.command;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** Options of {@code latency-terms} and {@code registration} that are refused before any broker starts. */
class LatencyAndRegistrationCommandTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "latency-terms --low-load 1.5    | loadgen: error: --low-load must be a fraction of the capacity in (0, 1), got 1.5",
        "latency-terms --poisson-load 0  | loadgen: error: --poisson-load must be a fraction of the capacity in (0, 1), got 0.0",
        "latency-terms --broker-cores 0  | loadgen: error: --broker-cores must be above 0: CPU per message is a share of a limit",
        "registration --subscriptions 0  | loadgen: error: --subscriptions takes counts of at least 1",
        "registration --load 1           | loadgen: error: --load must be a fraction of the capacity in (0, 1), got 1.0",
    })
    void badOptionsExit2WithWhatToChange(String command, String message) {
        StringWriter err = new StringWriter();
        CommandLine cli = BrokerwiseBench.commandLine();
        cli.setErr(new PrintWriter(err));
        assertEquals(2, cli.execute(command.strip().split(" +")), err.toString());
        assertEquals(message, err.toString().strip());
    }
}
