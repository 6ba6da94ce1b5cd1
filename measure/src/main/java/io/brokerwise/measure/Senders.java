package io.brokerwise.measure;

import io.brokerwise.client.ClientOptions;
import io.brokerwise.client.Outgoing;
import io.brokerwise.client.Publisher;
import io.brokerwise.client.TopologyClient;
import io.brokerwise.client.jms.BrokerwiseConnectionFactory;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.routing.RoutingMapCodec;
import jakarta.jms.BytesMessage;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSProducer;
import jakarta.jms.Topic;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The senders of one measurement's publishers, along the chosen {@link PublishingPath}: the measuring client's own
 * publishers, or producers of a connection factory opened on the same routing map and credentials (and closed
 * with the measurement).
 */
final class Senders implements AutoCloseable {

    private final LoadSpec spec;
    private final TopologyClient client;
    private final BrokerwiseConnectionFactory factory;
    private final Path mapFile;
    private final List<JMSContext> contexts = new ArrayList<>();

    private Senders(LoadSpec spec, TopologyClient client, BrokerwiseConnectionFactory factory, Path mapFile) {
        this.spec = spec;
        this.client = client;
        this.factory = factory;
        this.mapFile = mapFile;
    }

    static Senders open(PublishingPath path, LoadSpec spec, TopologyClient client, Target target,
                        ClientOptions options, int clientIndex) throws IOException {
        if (path == PublishingPath.client) {
            return new Senders(spec, client, null, null);
        }
        Path mapFile = Files.createTempFile("brokerwise-routing", ".json");
        Files.writeString(mapFile, RoutingMapCodec.toJson(target.map()));
        // the map does not change during a measurement: the factory's re-read period only has to be finite
        return new Senders(spec, client, new BrokerwiseConnectionFactory(mapFile, options, clientIndex,
                Duration.ofMinutes(1)), mapFile);
    }

    /** The sender of one more publisher. */
    Sender next() throws JMSException {
        byte[] body = new byte[spec.messageBytes()];
        Arrays.fill(body, (byte) 'm');
        SelectorDesign design = spec.design();
        return factory == null ? clientSender(body, design) : factorySender(body, design);
    }

    /** A publisher of every topic of the map, sending to them in turn (one topic: every message to it). */
    private Sender clientSender(byte[] body, SelectorDesign design) throws JMSException {
        List<String> topics = client.routingMap().topics();
        Publisher[] publishers = new Publisher[topics.size()];
        for (int t = 0; t < publishers.length; t++) {
            publishers[t] = client.publisher(topics.get(t), spec.persistent());
        }
        // a pool per topic: an outgoing message keeps the copies it built for one publisher's links
        Outgoing[][] pools = new Outgoing[publishers.length][Sender.POOL];
        for (Outgoing[] pool : pools) {
            for (int i = 0; i < pool.length; i++) {
                pool[i] = new Outgoing(body, design.messageProperties(), design.messageCorrelationId());
            }
        }
        return (n, intended) -> {
            int t = (int) (n % publishers.length);
            publishers[t].publish(pools[t][(int) (n / publishers.length % Sender.POOL)], intended);
        };
    }

    private Sender factorySender(byte[] body, SelectorDesign design) throws JMSException {
        JMSContext context = factory.createContext();
        contexts.add(context);
        Topic topic = context.createTopic(factory.routingMap().soleTopic());
        JMSProducer producer = context.createProducer().setDisableMessageID(true).setDisableMessageTimestamp(true)
                .setDeliveryMode(spec.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
        BytesMessage[] pool = new BytesMessage[Sender.POOL];
        for (int i = 0; i < pool.length; i++) {
            pool[i] = context.createBytesMessage();
            pool[i].writeBytes(body);
            for (Map.Entry<String, Object> p : design.messageProperties().entrySet()) {
                pool[i].setObjectProperty(p.getKey(), p.getValue());
            }
            pool[i].setJMSCorrelationID(design.messageCorrelationId());
        }
        return (n, intended) -> {
            BytesMessage message = pool[(int) (n % pool.length)];
            message.setLongProperty(Publisher.SENT_NANOS, intended);
            producer.send(topic, message);
        };
    }

    @Override
    public void close() throws IOException {
        contexts.forEach(JMSContext::close);
        if (factory != null) {
            factory.close();
            Files.deleteIfExists(mapFile);
        }
    }
}
