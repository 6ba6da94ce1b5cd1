import java.io.File;
import org.apache.activemq.artemis.cli.commands.ActionContext;
import org.apache.activemq.artemis.cli.commands.util.SyncCalculation;
import org.apache.activemq.artemis.core.server.JournalType;

/**
 * How many synced journal writes a directory's file system takes per second, measured by Artemis's own
 * SyncCalculation (what `artemis perf-journal` runs to pick journal-buffer-timeout): 4 KiB writes, each synced, as
 * a journal does when one record waits for its sync. Run on artemis-cli's class path:
 * {@code java -cp <classpath> JournalSyncRate.java <dir> NIO|ASYNCIO}.
 */
public final class JournalSyncRate {
    public static void main(String[] args) throws Exception {
        File dir = new File(args[0]);
        JournalType type = JournalType.valueOf(args[1]);
        int writes = 2_000;
        // the best of 3 tries: milliseconds for all the writes
        long millis = SyncCalculation.syncTest(dir, 4096, writes, 3, false, true, true, "journal-sync-rate.tmp", 1,
                type, ActionContext.system());
        System.out.printf("journal-sync-rate: %s %.0f synced 4 KiB writes/s (%.3f ms each)%n", type,
                writes * 1e3 / millis, (double) millis / writes);
    }
}
