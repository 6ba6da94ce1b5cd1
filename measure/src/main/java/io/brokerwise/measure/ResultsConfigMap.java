package io.brokerwise.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerwise.measure.contract.SliceReport;
import java.io.IOException;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The ConfigMap of its run that a benchmark Job's pod writes its {@link SliceReport} into, under the slice's key, for
 * the operator to read: one JSON merge patch to the API server as the pod's ServiceAccount, whose Role lets it patch
 * this ConfigMap alone. Its output is no channel: whatever a pod prints after its report would bury it, and a
 * termination message holds 4 KiB. Plain java.net.http: the benchmark image carries no Kubernetes client for one
 * request.
 */
final class ResultsConfigMap {

    /** Where Kubernetes mounts a pod's ServiceAccount token, the API server's CA and the pod's namespace. */
    static final Path SERVICE_ACCOUNT = Path.of("/var/run/secrets/kubernetes.io/serviceaccount");
    /** Writes the API server could not take (an I/O error, 429 or 5xx) are tried again, this often in all. */
    static final int ATTEMPTS = 5;
    /** The first pause before another attempt; it doubles, so 15 s in all. */
    static final Duration BACK_OFF = Duration.ofSeconds(1);
    /** Who wrote the reports' keys, in the ConfigMap's managed fields. */
    static final String FIELD_MANAGER = "brokerwise-measure";
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String name;
    private final URI uri;
    private final Path token;
    private final HttpClient http;
    private final Duration backOff;

    private ResultsConfigMap(String name, URI uri, Path token, SSLContext tls, Duration backOff) {
        this.name = name;
        this.uri = uri;
        this.token = token;
        this.http = HttpClient.newBuilder().sslContext(tls).connectTimeout(TIMEOUT).build();
        this.backOff = backOff;
    }

    /** The ConfigMap the pod's environment names; none for a process run by hand, which only prints its report. */
    static Optional<ResultsConfigMap> fromEnvironment() throws IOException {
        String name = System.getenv(SliceReport.CONFIG_MAP_ENV);
        if (name == null || name.isBlank()) {
            return Optional.empty();
        }
        String host = System.getenv("KUBERNETES_SERVICE_HOST");
        String port = System.getenv("KUBERNETES_SERVICE_PORT");
        if (host == null || port == null) {
            throw new IOException("$" + SliceReport.CONFIG_MAP_ENV + " names ConfigMap " + name
                    + ", but $KUBERNETES_SERVICE_HOST or $KUBERNETES_SERVICE_PORT is unset: not in a pod?");
        }
        // an IPv6 service address goes in brackets
        String authority = (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        return Optional.of(inPod(name, URI.create("https://" + authority), SERVICE_ACCOUNT, BACK_OFF));
    }

    /**
     * ConfigMap {@code name} of the pod's namespace on {@code apiServer}, as the ServiceAccount mounted in
     * {@code account}. Its namespace and CA are read now, so that a pod without them fails before it measures; the
     * token on every write, as the kubelet renews it.
     */
    static ResultsConfigMap inPod(String name, URI apiServer, Path account, Duration backOff) throws IOException {
        String namespace = mounted(account.resolve("namespace"));
        return new ResultsConfigMap(namespace + "/" + name,
                apiServer.resolve("/api/v1/namespaces/" + namespace + "/configmaps/" + name + "?fieldManager="
                        + FIELD_MANAGER),
                account.resolve("token"), trusting(account.resolve("ca.crt")), backOff);
    }

    /** Writes the report under its slice's key, leaving the other slices' keys as they are. */
    void write(SliceReport report) throws IOException, InterruptedException {
        String patch = JSON.writeValueAsString(Map.of("data", Map.of(SliceReport.key(report.slice()), report.json())));
        for (int attempt = 1; ; attempt++) {
            Optional<String> again = attempt(report.slice(), patch);
            if (again.isEmpty()) {
                return;
            }
            if (attempt == ATTEMPTS) {
                throw new IOException("could not write slice " + report.slice() + "'s report to ConfigMap " + name
                        + " in " + ATTEMPTS + " attempts: " + again.get());
            }
            Thread.sleep(backOff.multipliedBy(1L << (attempt - 1)).toMillis());
        }
    }

    /** Empty once written; else why the API server could not take it now. A refusal is final. */
    private Optional<String> attempt(int slice, String patch) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .header("Authorization", "Bearer " + mounted(token))
                .header("Content-Type", "application/merge-patch+json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(patch)).build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return Optional.of(e.toString());
        }
        int status = response.statusCode();
        if (status / 100 == 2) {
            return Optional.empty();
        }
        String why = "HTTP " + status + " " + message(response.body());
        if (status == 429 || status >= 500) {
            return Optional.of(why);
        }
        throw new IOException("the API server refused slice " + slice + "'s report to ConfigMap " + name + ": " + why);
    }

    /** The message of the API server's Status, else the body as it came. */
    private static String message(String body) {
        try {
            return JSON.readTree(body).path("message").asText(body);
        } catch (IOException e) {
            return body;
        }
    }

    private static String mounted(Path file) throws IOException {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            throw new IOException("cannot read the pod's ServiceAccount file " + file + " (is its token mounted?): "
                    + e.getMessage(), e);
        }
    }

    /** TLS that trusts the CAs in {@code caFile} alone. */
    private static SSLContext trusting(Path caFile) throws IOException {
        String pem = mounted(caFile);
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            for (Certificate ca : CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)))) {
                store.setCertificateEntry("ca-" + store.size(), ca);
            }
            if (store.size() == 0) {
                throw new IOException(caFile + " holds no certificate");
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            SSLContext tls = SSLContext.getInstance("TLS");
            tls.init(null, trust.getTrustManagers(), null);
            return tls;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot trust the API server's CA in " + caFile + ": " + e.getMessage(), e);
        }
    }
}
