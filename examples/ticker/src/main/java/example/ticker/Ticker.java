package example.ticker;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.Topic;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.naming.Context;
import javax.naming.InitialContext;

/**
 * A stock ticker on Jakarta Messaging and JNDI alone: it publishes prices of a few symbols and subscribes to
 * some of them with selectors, then says whether every subscriber got exactly the prices it asked for. Which
 * brokers carry them is its {@code jndi.properties}' business (on the class path).
 *
 * <p>Usage: {@code Ticker TOPIC [PRICES]} where TOPIC is the topic's JNDI name ({@code topic.TOPIC}).
 */
public final class Ticker {

    private static final String[] SYMBOLS = {"ACME", "INITECH", "UMBRELLA"};

    /** A subscriber: its selector and which prices it should get (by symbol index and price). */
    private record Watch(String selector, int symbol, int minPrice, AtomicInteger expected, AtomicInteger got) {
        Watch(String selector, int symbol, int minPrice) {
            this(selector, symbol, minPrice, new AtomicInteger(), new AtomicInteger());
        }

        boolean wants(int s, int price) {
            return (symbol < 0 || symbol == s) && price >= minPrice;
        }
    }

    private Ticker() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: Ticker TOPIC [PRICES]   (TOPIC: the topic's JNDI name in jndi.properties)");
            System.exit(2);
        }
        int prices = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        Context jndi = new InitialContext();
        ConnectionFactory factory = (ConnectionFactory) jndi.lookup("ConnectionFactory");
        Topic topic = (Topic) jndi.lookup(args[0]);
        List<Watch> watches = List.of(new Watch("symbol = 'ACME'", 0, 0),
                new Watch("symbol = 'INITECH' AND price >= 50", 1, 50), new Watch(null, -1, 0));
        List<JMSContext> contexts = new ArrayList<>();
        try {
            for (Watch w : watches) {
                JMSContext context = factory.createContext();
                contexts.add(context);
                JMSConsumer consumer = context.createConsumer(topic, w.selector());
                consumer.setMessageListener(m -> w.got().incrementAndGet());
            }
            JMSContext publishing = factory.createContext();
            contexts.add(publishing);
            JMSProducer producer = publishing.createProducer().setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            for (int i = 0; i < prices; i++) {
                int s = i % SYMBOLS.length;
                int price = (i * 37) % 100;
                producer.setProperty("symbol", SYMBOLS[s]).setProperty("price", price)
                        .send(topic, SYMBOLS[s] + " " + price);
                watches.forEach(w -> {
                    if (w.wants(s, price)) {
                        w.expected().incrementAndGet();
                    }
                });
            }
            long deadline = System.currentTimeMillis() + 10_000;
            while (System.currentTimeMillis() < deadline
                    && watches.stream().anyMatch(w -> w.got().get() < w.expected().get())) {
                Thread.sleep(50);
            }
            Thread.sleep(500); // a duplicate or a stray would arrive meanwhile
        } finally {
            contexts.forEach(JMSContext::close);
        }
        boolean ok = true;
        for (Watch w : watches) {
            System.out.printf("subscriber %-40s got %d of %d%n", w.selector() == null ? "(all)" : w.selector(),
                    w.got().get(), w.expected().get());
            ok &= w.got().get() == w.expected().get();
        }
        System.out.println(ok ? "ticker: OK" : "ticker: FAILED");
        System.exit(ok ? 0 : 1);
    }
}
