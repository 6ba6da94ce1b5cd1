package io.brokerwise.broker.queues;

import io.brokerwise.broker.tls.BrokerTrustStore;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The broker.xml fragments of a broker's {@link QueueReplicas}, each empty for a broker without queues. Names are
 * checked by the broker configuration before they get here; they are escaped all the same.
 */
public final class QueueReplicasXml {

    /**
     * How a broker whose acceptor speaks TLS only dials the others: trusting their CA ({@link BrokerTrustStore}) and
     * checking that the certificate names the host it dialled.
     */
    private static final String TLS = "?sslEnabled=true;trustStoreType=PKCS12;trustStorePath=${"
            + BrokerTrustStore.PATH_PROPERTY + "};trustStorePassword=${" + BrokerTrustStore.PASSWORD_PROPERTY
            + "};verifyHost=true";

    private final QueueReplicas replicas;
    private final boolean tls;

    /** @param tls whether the brokers' acceptors speak TLS only, so that the connectors must too */
    public QueueReplicasXml(QueueReplicas replicas, boolean tls) {
        this.replicas = replicas;
        this.tls = tls;
    }

    /** Each queue's anycast address and its one queue. */
    public String addresses() {
        return each(q -> """
                <address name="%1$s">
                  <anycast><queue name="%1$s"/></anycast>
                </address>""".formatted(q));
    }

    /**
     * The application role sends to each queue, consumes from it and browses it (a {@code QueueBrowser}); it creates
     * and deletes nothing: the queues are declared here.
     */
    public String securitySettings(String applicationRole, String managementRole) {
        return each(q -> """
                <security-setting match="%1$s">
                  <permission type="send" roles="%2$s,%3$s"/>
                  <permission type="consume" roles="%2$s,%3$s"/>
                  <permission type="browse" roles="%2$s,%3$s"/>
                </security-setting>""".formatted(q, applicationRole, managementRole));
    }

    /** Each queue's redistribution, which Artemis leaves off unless an address setting turns it on. */
    public String addressSettings() {
        return each(q -> """
                <address-setting match="%s">
                  <redistribution-delay>%d</redistribution-delay>
                </address-setting>""".formatted(q, QueueReplicas.REDISTRIBUTION_DELAY_MILLIS));
    }

    /**
     * A connector to this broker, which it tells its peers to use, and one to each peer. The peers dial this broker
     * with the very parameters of its connector, which is why TLS's trust store is the same on every broker.
     */
    public String connectors() {
        if (replicas.isEmpty()) {
            return "";
        }
        List<String> peers = replicas.peers();
        return "<connectors>\n  " + connector("self", replicas.self()) + IntStream.range(0, peers.size())
                .mapToObj(i -> "\n  " + connector("peer-" + i, peers.get(i))).collect(Collectors.joining())
                + "\n</connectors>";
    }

    /**
     * One cluster connection over the queues' addresses only. Messages stay on the replica they were sent to
     * ({@link QueueReplicas.Balancing#PLACED}: no forwarding at send time, so the clients' placement holds); they move
     * to another replica only once theirs has no consumer. One hop: every broker names every other. A layout that can never
     * have a second broker has no peer, and no cluster connection.
     */
    public String clusterConnection() {
        if (replicas.isEmpty() || replicas.peers().isEmpty()) {
            return "";
        }
        String peers = IntStream.range(0, replicas.peers().size())
                .mapToObj(i -> "\n      <connector-ref>peer-" + i + "</connector-ref>").collect(Collectors.joining());
        return """
                <cluster-connections>
                  <cluster-connection name="%s">
                    <address>%s</address>
                    <connector-ref>self</connector-ref>
                    <retry-interval>500</retry-interval>
                    <reconnect-attempts>-1</reconnect-attempts>
                    <use-duplicate-detection>true</use-duplicate-detection>
                    <message-load-balancing>%s</message-load-balancing>
                    <max-hops>1</max-hops>
                    <static-connectors>%s
                    </static-connectors>
                  </cluster-connection>
                </cluster-connections>""".formatted(QueueReplicas.CLUSTER, xml(String.join(",",
                replicas.queues())), replicas.balancing().artemis, peers);
    }

    private String connector(String name, String hostPort) {
        return "<connector name=\"" + name + "\">tcp://" + xml(hostPort) + (tls ? TLS : "") + "</connector>";
    }

    private String each(java.util.function.Function<String, String> fragment) {
        return replicas.queues().stream().map(QueueReplicasXml::xml).map(fragment).collect(Collectors.joining("\n"));
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
