package example.orders;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSProducer;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import javax.naming.Context;
import javax.naming.InitialContext;

/**
 * An order queue on Jakarta Messaging and JNDI alone: a producer sends orders in transactions of ten, commits all
 * but one batch and rolls that one back; several consumers take what was committed. It then says whether every
 * committed order was taken exactly once and no rolled-back one at all. Where the queue's replicas are is its
 * {@code jndi.properties}' business (on the class path).
 *
 * <p>Usage: {@code Orders QUEUE [ORDERS [CONSUMERS]]} where QUEUE is the queue's JNDI name ({@code queue.QUEUE}).
 */
public final class Orders {

    private static final int BATCH = 10;

    private Orders() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: Orders QUEUE [ORDERS [CONSUMERS]]   (QUEUE: the queue's JNDI name in "
                    + "jndi.properties)");
            System.exit(2);
        }
        int orders = args.length > 1 ? Integer.parseInt(args[1]) : 500;
        int consumers = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        Context jndi = new InitialContext();
        ConnectionFactory factory = (ConnectionFactory) jndi.lookup("ConnectionFactory");
        Queue queue = (Queue) jndi.lookup(args[0]);
        Map<Integer, AtomicInteger> taken = new ConcurrentHashMap<>();
        List<JMSContext> contexts = new ArrayList<>();
        int committed;
        int rolledBack;
        try {
            for (int c = 0; c < consumers; c++) {
                JMSContext context = factory.createContext();
                contexts.add(context);
                JMSConsumer consumer = context.createConsumer(queue);
                consumer.setMessageListener(m -> taken.computeIfAbsent(order(m), o -> new AtomicInteger())
                        .incrementAndGet());
            }
            JMSContext sending = factory.createContext(JMSContext.SESSION_TRANSACTED);
            contexts.add(sending);
            JMSProducer producer = sending.createProducer();
            int rollBackBatch = orders / BATCH / 2;
            committed = 0;
            rolledBack = 0;
            for (int i = 0; i < orders; i++) {
                producer.setProperty("order", i).send(queue, "order " + i);
                if ((i + 1) % BATCH == 0 || i == orders - 1) {
                    if (i / BATCH == rollBackBatch) {
                        sending.rollback();
                        rolledBack += i % BATCH + 1;
                    } else {
                        sending.commit();
                        committed += i % BATCH + 1;
                    }
                }
            }
            long deadline = System.currentTimeMillis() + 10_000;
            while (System.currentTimeMillis() < deadline && taken.size() < committed) {
                Thread.sleep(50);
            }
            Thread.sleep(500); // a duplicate or a rolled-back order would arrive meanwhile
        } finally {
            contexts.forEach(JMSContext::close);
        }
        report(orders, committed, rolledBack, taken);
    }

    private static int order(Message m) {
        try {
            return m.getIntProperty("order");
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Prints what was taken and exits 0 only if every committed order came once and no rolled-back one. */
    private static void report(int orders, int committed, int rolledBack, Map<Integer, AtomicInteger> taken) {
        int rollBackStart = orders / BATCH / 2 * BATCH;
        long twice = taken.values().stream().filter(n -> n.get() > 1).count();
        long strays = taken.keySet().stream().filter(o -> o >= rollBackStart && o < rollBackStart + rolledBack).count();
        System.out.printf("orders: %d committed, %d rolled back; taken %d distinct, %d twice, %d rolled-back ones%n",
                committed, rolledBack, taken.size(), twice, strays);
        boolean ok = taken.size() == committed && twice == 0 && strays == 0;
        System.out.println(ok ? "orders: OK" : "orders: FAILED");
        System.exit(ok ? 0 : 1);
    }
}
