package io.brokerwise.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.brokerwise.broker.tls.CertificateAuthority;
import io.brokerwise.broker.tls.Pem;
import io.brokerwise.measure.contract.SliceReport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client pod's write of its report, against a local HTTPS server in the API server's place: its certificate from a
 * CA made here, which the pod's mounted ca.crt names, so the pod's TLS trusts exactly that CA.
 */
class ResultsConfigMapTest {

    private static final CertificateAuthority CA = CertificateAuthority.generate("api-server-ca");
    private static final String PATH = "/api/v1/namespaces/bench/configmaps/run-results";

    @TempDir
    Path account;
    private HttpsServer server;
    /** What the server saw: method, path, token, content type and body of each request. */
    private final Queue<List<String>> requests = new ConcurrentLinkedQueue<>();

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void aReportIsMergedIntoItsSlicesKeyAsTheServiceAccount() throws Exception {
        inPod(CA.certificatePem(), 200).write(new SliceReport(1, List.of()));
        List<String> request = requests.remove();
        assertEquals(List.of("PATCH", PATH + "?fieldManager=brokerwise-measure", "Bearer pod-token",
                "application/merge-patch+json"), request.subList(0, 4));
        var data = new ObjectMapper().readTree(request.get(4)).get("data");
        assertEquals(1, data.size(), "the slice's key alone: the other slices' stay as they are");
        assertEquals(1, SliceReport.parse(data.get(SliceReport.key(1)).asText()).slice());
    }

    @Test
    void aBusyApiServerIsAskedAgainAndARefusalNamesTheConfigMapAtOnce() throws Exception {
        inPod(CA.certificatePem(), 503, 429, 200).write(new SliceReport(0, List.of()));
        assertEquals(3, requests.size(), "503 and 429 are tried again");

        requests.clear();
        ResultsConfigMap forbidden = inPod(CA.certificatePem(), 403);
        var refused = assertThrows(IOException.class, () -> forbidden.write(new SliceReport(2, List.of())));
        assertEquals("the API server refused slice 2's report to ConfigMap bench/run-results: HTTP 403 "
                + "configmaps \"run-results\" is forbidden", refused.getMessage());
        assertEquals(1, requests.size(), "a refusal is final");

        requests.clear();
        var unavailable = assertThrows(IOException.class, () -> inPod(CA.certificatePem(), 500).write(new SliceReport(0, List.of())));
        assertTrue(unavailable.getMessage().startsWith("could not write slice 0's report to ConfigMap bench/run-results"
                + " in " + ResultsConfigMap.ATTEMPTS + " attempts: HTTP 500"), unavailable.getMessage());
        assertEquals(ResultsConfigMap.ATTEMPTS, requests.size());
    }

    /** A server whose certificate another CA signed is not the API server: nothing reaches it. */
    @Test
    void onlyTheMountedCaIsTrusted() throws Exception {
        ResultsConfigMap configMap = inPod(CertificateAuthority.generate("another-ca").certificatePem(), 200);
        var failed = assertThrows(IOException.class, () -> configMap.write(new SliceReport(0, List.of())));
        assertTrue(failed.getMessage().contains("SSLHandshakeException"), failed.getMessage());
        assertTrue(requests.isEmpty());
    }

    @Test
    void aPodWithoutItsTokenSaysWhatIsMissing() throws Exception {
        ResultsConfigMap configMap = inPod(CA.certificatePem(), 200);
        Files.delete(account.resolve("token"));
        var failed = assertThrows(IOException.class, () -> configMap.write(new SliceReport(0, List.of())));
        assertTrue(failed.getMessage().startsWith("cannot read the pod's ServiceAccount file " + account.resolve("token")
                + " (is its token mounted?)"), failed.getMessage());
    }

    /**
     * The ConfigMap as a pod in namespace bench sees it, trusting {@code caPem}, its API server (with a certificate of
     * {@link #CA}) answering with {@code statuses} in turn, then the last of them.
     */
    private ResultsConfigMap inPod(String caPem, int... statuses) throws Exception {
        Files.writeString(account.resolve("namespace"), "bench\n");
        Files.writeString(account.resolve("token"), "pod-token\n");
        Files.writeString(account.resolve("ca.crt"), caPem);
        stop();
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(serving(CA.issue(List.of("localhost")))));
        var answers = new ConcurrentLinkedQueue<Integer>();
        for (int status : statuses) {
            answers.add(status);
        }
        server.createContext("/", exchange -> answer(exchange, answers.isEmpty() ? statuses[statuses.length - 1]
                : answers.remove()));
        server.start();
        return ResultsConfigMap.inPod("run-results", URI.create("https://localhost:" + server.getAddress().getPort()),
                account, Duration.ofMillis(10));
    }

    private void answer(HttpExchange exchange, int status) throws IOException {
        requests.add(List.of(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
                exchange.getRequestHeaders().getFirst("Authorization"),
                exchange.getRequestHeaders().getFirst("Content-Type"),
                new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
        byte[] body = (status == 403 ? "{\"kind\":\"Status\",\"message\":\"configmaps \\\"run-results\\\" is forbidden\"}"
                : "{}").getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    private static SSLContext serving(CertificateAuthority.Issued issued) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        char[] password = "test".toCharArray();
        store.setKeyEntry("server", Pem.privateKey(issued.keyPem()), password,
                new Certificate[] {Pem.certificate(issued.certificatePem())});
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, password);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(keys.getKeyManagers(), null, null);
        return tls;
    }
}
