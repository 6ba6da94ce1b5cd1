package example.quotes;

import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.naming.Context;

/** The quote application on the classic API: one connection, a session per producer and per consumer. */
public final class ClassicQuoteApp extends QuoteApp {

    private final Connection connection;
    private final List<Session> producerSessions = new ArrayList<>();
    private final List<MessageProducer> producers = new ArrayList<>();

    public ClassicQuoteApp(Context jndi) throws Exception {
        super(jndi);
        connection = factory.createConnection();
        connection.start();
    }

    @Override
    public void consume(Destination from, String name, String selector, boolean listener) throws JMSException {
        Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer consumer = session.createConsumer(from, selector);
        if (listener) {
            consumer.setMessageListener(m -> record(name, m));
            return;
        }
        receiveOn(name, consumer::receive);
    }

    @Override
    public int addProducer(Destination to) throws JMSException {
        Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer producer = session.createProducer(to);
        producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        producerSessions.add(session);
        producers.add(producer);
        return producers.size() - 1;
    }

    @Override
    public void send(int producer, Quote quote) throws JMSException {
        Session session = producerSessions.get(producer);
        Message m = switch (quote.bodyKind()) {
            case 0 -> session.createTextMessage(quote.id());
            case 1 -> {
                var bytes = session.createBytesMessage();
                bytes.writeBytes(quote.id().getBytes(StandardCharsets.UTF_8));
                yield bytes;
            }
            case 2 -> {
                MapMessage map = session.createMapMessage();
                map.setString("id", quote.id());
                yield map;
            }
            default -> session.createObjectMessage(quote.id());
        };
        m.setStringProperty(ID, quote.id());
        for (Map.Entry<String, Object> p : quote.properties().entrySet()) {
            m.setObjectProperty(p.getKey(), p.getValue());
        }
        m.setJMSCorrelationID(quote.correlationId());
        producers.get(producer).send(m);
    }

    @Override
    public void close() throws Exception {
        stopReceiving();
        connection.close();
    }
}
