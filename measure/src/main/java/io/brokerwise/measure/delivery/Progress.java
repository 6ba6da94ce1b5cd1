package io.brokerwise.measure.delivery;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * While a delivery check's load runs: a {@link DeliveryProgress} line every period, which a test waits on instead
 * of sleeping; and the control file, read every 200 ms, through which a test
 * moves the load's schedule on ({@code phase N}) or ends it ({@code stop}).
 */
final class Progress implements AutoCloseable {

    private static final long CONTROL_PERIOD_MILLIS = 200;

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "delivery-check-progress");
        t.setDaemon(true);
        return t;
    });
    private final DeliveryLedger ledger;
    private final LoadPacer pacer;
    private final Path control;
    private final Consumer<DeliveryProgress> sink;
    private String lastControl = "";

    private Progress(DeliveryLedger ledger, LoadPacer pacer, Path control, Consumer<DeliveryProgress> sink) {
        this.ledger = ledger;
        this.pacer = pacer;
        this.control = control;
        this.sink = sink;
    }

    /**
     * @param control the control file, or null for none
     * @param sink    where each progress goes (the check prints it)
     */
    static Progress start(DeliveryLedger ledger, LoadPacer pacer, Path control, Duration period,
                          Consumer<DeliveryProgress> sink) {
        Progress progress = new Progress(ledger, pacer, control, sink);
        progress.timer.scheduleAtFixedRate(progress::print, 0, period.toMillis(), TimeUnit.MILLISECONDS);
        if (control != null) {
            progress.timer.scheduleWithFixedDelay(progress::readControl, 0, CONTROL_PERIOD_MILLIS,
                    TimeUnit.MILLISECONDS);
        }
        return progress;
    }

    private void print() {
        sink.accept(new DeliveryProgress(System.currentTimeMillis(), ledger.sentTotal(), ledger.caughtUpMillis()));
    }

    private void readControl() {
        String command;
        try {
            command = Files.readString(control).trim();
        } catch (NoSuchFileException e) {
            return;
        } catch (IOException e) {
            System.err.println("delivery-check: cannot read " + control + ": " + e);
            return;
        }
        if (command.equals(lastControl)) {
            return;
        }
        lastControl = command;
        if (command.equals("stop")) {
            pacer.stop();
        } else if (command.matches("phase \\d{1,3}")) {
            pacer.advanceTo(Integer.parseInt(command.substring("phase ".length())), System.nanoTime(),
                    System.currentTimeMillis());
        } else {
            System.err.println("delivery-check: " + control + " says '" + command + "': write 'phase N' or 'stop'");
            return;
        }
        System.err.println("delivery-check: control '" + command + "' at " + System.currentTimeMillis());
    }

    @Override
    public void close() {
        timer.shutdownNow();
        print();
    }
}
