package example.quotes;

import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.naming.Context;

/** The quote application on the simplified API: a context per producer and per consumer. */
public final class SimplifiedQuoteApp extends QuoteApp {

    private final List<JMSContext> contexts = new ArrayList<>();
    private final List<JMSContext> producerContexts = new ArrayList<>();
    private final List<Destination> destinations = new ArrayList<>();

    public SimplifiedQuoteApp(Context jndi) throws Exception {
        super(jndi);
    }

    @Override
    public void consume(Destination from, String name, String selector, boolean listener) {
        JMSContext context = factory.createContext();
        contexts.add(context);
        JMSConsumer consumer = context.createConsumer(from, selector);
        if (listener) {
            consumer.setMessageListener(m -> record(name, m));
            return;
        }
        receiveOn(name, consumer::receive);
    }

    @Override
    public int addProducer(Destination to) {
        JMSContext context = factory.createContext();
        contexts.add(context);
        producerContexts.add(context);
        destinations.add(to);
        return producerContexts.size() - 1;
    }

    @Override
    public void send(int producer, Quote quote) {
        JMSProducer p = producerContexts.get(producer).createProducer()
                .setDeliveryMode(DeliveryMode.NON_PERSISTENT)
                .setProperty(ID, quote.id())
                .setJMSCorrelationID(quote.correlationId());
        for (Map.Entry<String, Object> e : quote.properties().entrySet()) {
            p.setProperty(e.getKey(), e.getValue());
        }
        Destination to = destinations.get(producer);
        switch (quote.bodyKind()) {
            case 0 -> p.send(to, quote.id());
            case 1 -> p.send(to, quote.id().getBytes(StandardCharsets.UTF_8));
            case 2 -> p.send(to, Map.<String, Object>of("id", quote.id()));
            default -> p.send(to, (java.io.Serializable) quote.id());
        }
    }

    @Override
    public void close() throws Exception {
        stopReceiving();
        contexts.forEach(JMSContext::close);
    }
}
