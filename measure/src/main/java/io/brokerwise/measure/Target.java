package io.brokerwise.measure;

import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.broker.metrics.BrokerScrape;
import io.brokerwise.client.ClientOptions;
import io.brokerwise.routing.RoutingMap;
import java.io.IOException;
import java.util.List;

/**
 * The brokers under measurement: the routing map clients follow, the application user they connect as, the
 * metrics user that reads each broker's metrics endpoint ({@code host:port}, the map's order), and anything that
 * keeps them from standing for dedicated nodes (it makes every result not valid), and the CA of brokers that speak
 * TLS (PEM; null for plain TCP, as local brokers speak).
 */
public record Target(RoutingMap map, BrokerCredentials credentials, BrokerCredentials metrics,
                     List<String> metricsAddresses, List<String> caveats, String trustedCa) {

    public Target(RoutingMap map, BrokerCredentials credentials, BrokerCredentials metrics,
                  List<String> metricsAddresses, List<String> caveats) {
        this(map, credentials, metrics, metricsAddresses, caveats, null);
    }

    public Target {
        metricsAddresses = List.copyOf(metricsAddresses);
        caveats = List.copyOf(caveats);
        if (metricsAddresses.size() != map.brokers().size()) {
            throw new IllegalArgumentException("one metrics endpoint per broker of the map: " + map.brokers().size()
                    + " brokers, " + metricsAddresses.size() + " endpoints");
        }
    }

    /** Brokers that serve metrics on {@code metricsPort} of the host the map names them by (pods). */
    public static Target onPort(RoutingMap map, BrokerCredentials credentials, BrokerCredentials metrics,
                                int metricsPort) {
        return new Target(map, credentials, metrics, map.brokers().stream()
                .map(b -> b.substring(0, b.lastIndexOf(':')) + ":" + metricsPort).toList(), List.of());
    }

    /** The same brokers, speaking TLS with certificates of this CA (null: plain TCP). */
    public Target trusting(String caPem) {
        return new Target(map, credentials, metrics, metricsAddresses, caveats, caPem);
    }

    /** How the clients connect: the application user, with these URL parameters. */
    public ClientOptions clientOptions(String urlParameters) {
        return new ClientOptions(credentials.user(), credentials.password(), urlParameters, trustedCa);
    }

    int brokers() {
        return map.brokers().size();
    }

    /** One scrape of every broker's metrics endpoint, in the map's order. */
    public BrokerSample[] scrape() throws IOException, InterruptedException {
        BrokerSample[] samples = new BrokerSample[brokers()];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = BrokerScrape.of(metricsAddresses.get(i), metrics);
        }
        return samples;
    }

    /** Copies of each message a publisher sends: one per broker of its row. */
    int copiesPerMessage() {
        return map.subscriberGroups();
    }

    /** The same brokers, their map carrying these topics: a load spread over them. */
    public Target over(List<String> topics) {
        return new Target(map.withTopics(topics), credentials, metrics, metricsAddresses, caveats, trustedCa);
    }
}
