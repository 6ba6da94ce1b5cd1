package io.brokerwise.measure.queues;

import io.brokerwise.client.ClientOptions;
import io.brokerwise.client.Outgoing;
import io.brokerwise.client.QueueSender;
import io.brokerwise.client.TopologyClient;
import io.brokerwise.routing.RoutingMap;
import jakarta.jms.JMSException;
import jakarta.jms.MessageListener;
import java.util.Map;

/** A queue load's clients placed by the client library's ElectQueue. */
final class ElectQueueClients implements QueueClients {

    private final TopologyClient client;
    private final String queue;
    private final boolean persistent;
    private final boolean relief;

    ElectQueueClients(RoutingMap map, ClientOptions options, boolean persistent, boolean relief) {
        this.client = new TopologyClient(map, options);
        this.queue = map.queues().get(0).name();
        this.persistent = persistent;
        this.relief = relief;
    }

    @Override
    public String consumer(MessageListener listener) throws JMSException {
        return client.queueReceiver(queue, null, listener, relief).home();
    }

    @Override
    public Producer producer(int index, int bytes) throws JMSException {
        QueueSender sender = client.queueSender(queue, persistent);
        Outgoing message = new Outgoing(new byte[bytes], Map.of(QueueLedger.PRODUCER, index), null);
        return new Producer() {
            @Override
            public String replica() {
                return sender.replica();
            }

            @Override
            public void send(long sequence) throws JMSException {
                sender.send(message, sequence);
            }
        };
    }

    @Override
    public void close() {
        client.close();
    }
}
