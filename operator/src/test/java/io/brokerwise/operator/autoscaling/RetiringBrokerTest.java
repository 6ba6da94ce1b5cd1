package io.brokerwise.operator.autoscaling;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.operator.monitor.BrokerScraper;
import io.brokerwise.operator.monitor.BrokerScraperTest;
import io.brokerwise.operator.monitor.ScrapeTarget;
import io.brokerwise.operator.monitor.Watcher;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RetiringBrokerTest {

    static Optional<BrokerSample> read(int producers, int consumers, BrokerSample.Held held) {
        return Optional.of(new BrokerSample(120_000, 240_000, producers, consumers, 2, 31.5, 0.5, 1e8, held, 0.4,
                Map.of()));
    }

    static final Optional<BrokerSample> DESERTED = read(0, 0, BrokerSample.Held.NOTHING);

    @Test
    void aBrokerWithNoClientAndNothingHeldGoes() {
        assertEquals(new RetiringBroker(false, "no connection and no message held"),
                RetiringBroker.judge(DESERTED, false, true));
    }

    @Test
    void aBrokerHoldingMessagesForADurableSubscriptionStaysAfterItsClientsLeft() {
        assertEquals(new RetiringBroker(true, "12000 messages held for 1 durable subscription"),
                RetiringBroker.judge(read(0, 0, new BrokerSample.Held(12_000, 1)), false, true));
        assertEquals(new RetiringBroker(true, "1 producer and 3 consumer connections; 40 messages held for 3 durable "
                + "subscriptions"), RetiringBroker.judge(read(1, 3, new BrokerSample.Held(40, 3)), false, false));
    }

    @Test
    void theLineNamesTheSubscriptionsItWaitsForMostFirst() {
        assertEquals(new RetiringBroker(true, "40 messages held for 2 durable subscriptions (market-audit.audit 30, "
                + "ledger 10)"), RetiringBroker.judge(read(0, 0, new BrokerSample.Held(40, 2,
                Map.of("ledger", 10L, "market-audit.audit", 30L))), false, true));
        assertEquals(new RetiringBroker(true, "10 messages held for 4 durable subscriptions (a 4, b 3, c 2, and 1 more)"),
                RetiringBroker.judge(read(0, 0, new BrokerSample.Held(10, 4, Map.of("d", 1L, "c", 2L, "b", 3L,
                        "a", 4L))), false, true));
    }

    @Test
    void durableSubscriptionsWithNothingInThemHoldNothingBack() {
        assertEquals(new RetiringBroker(false, "no connection and no message held"),
                RetiringBroker.judge(read(0, 0, new BrokerSample.Held(0, 4)), false, true));
    }

    /** A retired queue replica's messages, whose clients have left, go on to the others first. */
    @Test
    void aBrokerWithMessagesInAQueueReplicaStays() {
        Optional<BrokerSample> queued = Optional.of(new BrokerSample(120_000, 240_000, 0, 0, 2, 31.5, 0.5, 1e8,
                BrokerSample.Held.NOTHING, 0.4, Map.of("work", new BrokerSample.QueueReplica(0, 0, 25, 100, 75))));
        assertEquals(new RetiringBroker(true, "25 messages in queue replicas"), RetiringBroker.judge(queued, false,
                false));
    }

    @Test
    void aBrokerWithClientsStays() {
        assertEquals(new RetiringBroker(true, "2 producer and 0 consumer connections"),
                RetiringBroker.judge(read(2, 0, BrokerSample.Held.NOTHING), false, false));
    }

    @Test
    void aBrokerNotReadYetStays() {
        assertEquals(new RetiringBroker(true, RetiringBroker.NOT_READ), RetiringBroker.judge(Optional.empty(), false,
                false));
    }

    /**
     * A broker read before its shrink began, as it had just started and before its clients reached it, is judged on a
     * read sent since: until then it stays, whatever the earlier reading said.
     */
    @Test
    void aReadingFromBeforeTheShrinkDoesNotRetireABroker() {
        BrokerScraperTest.TestClock clock = new BrokerScraperTest.TestClock();
        AtomicInteger clients = new AtomicInteger();
        BrokerScraper scraper = new BrokerScraper((endpoint, user) -> read(clients.get(), clients.get(),
                BrokerSample.Held.NOTHING).orElseThrow(), clock, Runnable::run, 1, w -> { });
        ScrapeTarget broker = BrokerScraperTest.targets(1).get(0);
        scraper.watch(new Watcher(new ResourceID("t", "ns"), "journal"), List.of(broker), Duration.ofSeconds(15));
        scraper.scrapeDue();
        clients.set(1);
        clock.advance(Duration.ofSeconds(3));
        Watcher retiring = new Watcher(new ResourceID("t", "ns"), "retiring");
        scraper.watch(retiring, List.of(broker), BrokerRetirement.RECHECK);
        Instant began = scraper.watchingSince(retiring).orElseThrow();

        assertEquals(new RetiringBroker(true, RetiringBroker.NOT_READ),
                RetiringBroker.judge(scraper, broker, began, false), "the reading without clients is older");
        clock.advance(Duration.ofSeconds(15));
        scraper.scrapeDue();
        assertEquals(new RetiringBroker(true, "1 producer and 1 consumer connections"),
                RetiringBroker.judge(scraper, broker, began, false));
        clients.set(0);
        clock.advance(Duration.ofSeconds(15));
        scraper.scrapeDue();
        assertEquals(new RetiringBroker(false, "no connection and no message held"),
                RetiringBroker.judge(scraper, broker, began, false));
    }

    /** Its last answer, before it fell silent, no longer says what it holds now. */
    @Test
    void aSilentBrokerStaysOnlyWhenItsJournalWouldGoWithIt() {
        assertEquals(new RetiringBroker(true, "does not answer on its metrics port, and its journal may hold messages"),
                RetiringBroker.judge(DESERTED, true, true));
        assertEquals(new RetiringBroker(false, "does not answer on its metrics port"),
                RetiringBroker.judge(read(0, 0, new BrokerSample.Held(500, 1)), true, false));
        assertEquals(new RetiringBroker(false, "does not answer on its metrics port"),
                RetiringBroker.judge(Optional.empty(), true, false));
    }
}
