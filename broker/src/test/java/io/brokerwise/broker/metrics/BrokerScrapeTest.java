package io.brokerwise.broker.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What a scrape makes of a broker's text, from this image's brokers and from an earlier image's. */
class BrokerScrapeTest {

    /** The meters every Brokerwise broker has served. */
    private static final String EARLIER_IMAGE = """
            brokerwise_topic_messages_received_total{topic="orders"} 10.0
            brokerwise_topic_copies_dispatched_total{topic="orders"} 20.0
            brokerwise_producer_connections 1.0
            brokerwise_consumer_connections 2.0
            brokerwise_topic_subscriptions{topic="orders"} 2.0
            brokerwise_cpu_seconds_total 3.5
            brokerwise_cpu_limit_cores 0.5
            brokerwise_jvm_heap_used_bytes 1000.0
            """;

    @Test
    void aBrokerOfAnEarlierImageHoldsNothingAndSaysNothingOfItsDisk() throws Exception {
        BrokerSample sample = BrokerScrape.parse(EARLIER_IMAGE);
        assertEquals(BrokerSample.Held.NOTHING, sample.held());
        assertTrue(Double.isNaN(sample.diskStoreUsage()));
        assertEquals(10, sample.received());
    }

    @Test
    void aBrokerWithAJournalSaysWhatItHoldsAndHowFullItsVolumeIs() throws Exception {
        BrokerSample sample = BrokerScrape.parse(EARLIER_IMAGE + """
                brokerwise_topic_held_messages{topic="orders"} 12000.0
                brokerwise_topic_durable_subscriptions{topic="orders"} 1.0
                artemis_disk_store_usage{broker="b0"} 0.42
                """);
        assertEquals(new BrokerSample.Held(12_000, 1), sample.held());
        assertEquals(0.42, sample.diskStoreUsage(), 1e-9);
    }
}
