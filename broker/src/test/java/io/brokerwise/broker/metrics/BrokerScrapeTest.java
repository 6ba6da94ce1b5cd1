package io.brokerwise.broker.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
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

    /**
     * A queue's producers and consumers are Brokerwise's meters, the rest Artemis's own meters of the queue of that name. Each has its
     * TYPE line, as the endpoint serves it: without one, a name ending in _count reads as a summary's part.
     */
    @Test
    void aBrokerWithReplicasSaysWhoIsAttachedToEachAndWhatItHolds() throws Exception {
        BrokerSample sample = BrokerScrape.parse(EARLIER_IMAGE + """
                brokerwise_queue_producers{queue="work"} 3.0
                brokerwise_queue_consumers{queue="work"} 2.0
                # TYPE artemis_consumer_count gauge
                artemis_consumer_count{address="work",broker="b0",queue="work"} 5.0
                # TYPE artemis_message_count gauge
                artemis_message_count{address="work",broker="b0",queue="work"} 7.0
                artemis_messages_added{address="work",broker="b0",queue="work"} 70.0
                artemis_messages_acknowledged{address="work",broker="b0",queue="work"} 63.0
                artemis_consumer_count{address="DLQ",broker="b0",queue="DLQ"} 0.0
                brokerwise_queue_producers{queue="audit"} 1.0
                brokerwise_queue_consumers{queue="audit"} 1.0
                """);
        assertEquals(Map.of("work", new BrokerSample.QueueReplica(3, 2, 7, 70, 63)), sample.queues(),
                "audit, whose Artemis meters are not served yet, is left out as not read");
        assertEquals(Map.of(), BrokerScrape.parse(EARLIER_IMAGE).queues());
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
