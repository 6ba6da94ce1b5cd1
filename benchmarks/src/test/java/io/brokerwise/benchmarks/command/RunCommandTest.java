package io.brokerwise.benchmarks.command;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Options of {@code run} that are refused before any broker starts. */
class RunCommandTest {

    @Test
    void comparingPublishingPathsNeedsTwoRoundsForAnInterval() {
        StringWriter err = new StringWriter();
        CommandLine cli = BrokerwiseBench.commandLine();
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute("run", "--publish-through", "client,factory", "--rounds", "1");
        assertEquals(2, exit, err.toString());
        assertEquals("loadgen: error: --rounds must be at least 2 to compare publishing paths: a 95% interval needs "
                + "two measurements of each", err.toString().strip());
    }

    @Test
    void anUnknownPublishingPathIsACommandLineError() {
        StringWriter err = new StringWriter();
        CommandLine cli = BrokerwiseBench.commandLine();
        cli.setErr(new PrintWriter(err));
        assertEquals(2, cli.execute("run", "--publish-through", "jndi"), err.toString());
    }
}
