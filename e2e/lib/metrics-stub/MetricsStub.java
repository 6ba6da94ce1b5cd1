import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;

/**
 * Serves one file at /metrics on every address of its host: the brokers of the kwok nodes' pods, which never run,
 * for the operator's benchmark (e2e/lib/sim-metrics.sh). Run with the JDK's source launcher:
 * {@code java MetricsStub.java PORT FILE}.
 */
public class MetricsStub {

    public static void main(String[] args) throws IOException {
        byte[] body = Files.readAllBytes(Path.of(args[1]));
        HttpServer server = HttpServer.create(new InetSocketAddress(Integer.parseInt(args[0])), 256);
        server.createContext("/metrics", exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
    }
}
