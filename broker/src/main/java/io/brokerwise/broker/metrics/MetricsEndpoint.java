package io.brokerwise.broker.metrics;

import com.sun.net.httpserver.BasicAuthenticator;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.function.BiPredicate;

/**
 * {@code GET /metrics} in the Prometheus text format (version 0.0.4), from the JDK's own HTTP server on one
 * daemon thread: a scrape every few seconds needs no web framework inside the broker image. HTTP Basic
 * authentication: only users allowed to read metrics get them, anyone else gets 401.
 */
final class MetricsEndpoint {

    static final String PATH = "/metrics";
    static final String REALM = "brokerwise-metrics";
    private static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final HttpServer server;

    private MetricsEndpoint(HttpServer server) {
        this.server = server;
    }

    /**
     * {@code readsMetrics}: whether a user and password may read them; {@code beforeScrape}: what sets the series
     * that come and go anew.
     */
    static MetricsEndpoint start(InetSocketAddress bind, PrometheusMeterRegistry registry,
                                 BiPredicate<String, String> readsMetrics, Runnable beforeScrape) throws IOException {
        HttpServer server = HttpServer.create(bind, 16);
        server.createContext(PATH, exchange -> respond(exchange, registry, beforeScrape)).setAuthenticator(new BasicAuthenticator(REALM) {
            @Override
            public boolean checkCredentials(String user, String password) {
                return readsMetrics.test(user, password);
            }
        });
        server.setExecutor(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "brokerwise-metrics");
            t.setDaemon(true);
            return t;
        }));
        server.start();
        return new MetricsEndpoint(server);
    }

    InetSocketAddress address() {
        return server.getAddress();
    }

    void stop() {
        server.stop(0);
    }

    private static void respond(HttpExchange exchange, PrometheusMeterRegistry registry, Runnable beforeScrape)
            throws IOException {
        try (exchange) {
            if (!"GET".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            beforeScrape.run();
            byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
