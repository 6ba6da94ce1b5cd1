package io.brokerwise.operator.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerRole;
import io.brokerwise.broker.metrics.BrokerSample;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The scraper with a clock the test moves and endpoints that are functions: no network, no waiting. */
public class BrokerScraperTest {

    static final BrokerCredentials USER = BrokerCredentials.generate(BrokerRole.METRICS);
    static final Duration EVERY = Duration.ofSeconds(10);
    static final Watcher AUTOSCALING = new Watcher(new ResourceID("t", "ns"), "autoscaling");

    /** A clock that stands still until the test moves it. */
    public static final class TestClock extends Clock {
        volatile Instant now = Instant.parse("2026-11-28T00:00:00Z");

        public void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    final TestClock clock = new TestClock();
    /** Each endpoint's reads so far. */
    final Map<String, AtomicInteger> reads = new ConcurrentHashMap<>();
    final Set<String> silent = ConcurrentHashMap.newKeySet();
    final ExecutorService pool = Executors.newCachedThreadPool();
    /** The watchers told of each read's end, in order. */
    final List<Watcher> woken = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    BrokerSample answer(String endpoint) throws IOException {
        reads.computeIfAbsent(endpoint, e -> new AtomicInteger()).incrementAndGet();
        if (silent.contains(endpoint)) {
            throw new IOException(endpoint + " does not answer");
        }
        return new BrokerSample(reads.get(endpoint).get(), 0, 1, 0, 0, 0, 1, 0, BrokerSample.Held.NOTHING, Double.NaN,
                Map.of());
    }

    /** A scraper whose reads run on the calling thread. */
    BrokerScraper inline() {
        return new BrokerScraper((endpoint, user) -> answer(endpoint), clock, Runnable::run, 4, woken::add);
    }

    public static List<ScrapeTarget> targets(int n) {
        return IntStream.range(0, n).mapToObj(i -> new ScrapeTarget("b" + i + ":61616", "b" + i + ":9404", USER)).toList();
    }

    int reads(ScrapeTarget t) {
        return reads.getOrDefault(t.endpoint(), new AtomicInteger()).get();
    }

    @Test
    void aNewTargetIsReadAtOnceThenOnceEachPeriod() {
        BrokerScraper scraper = inline();
        ScrapeTarget t = targets(1).get(0);
        scraper.watch(AUTOSCALING, List.of(t), EVERY);
        assertEquals(1, scraper.scrapeDue());
        assertEquals(clock.now, scraper.last(t).orElseThrow().at());
        clock.advance(EVERY.minusSeconds(1));
        assertEquals(0, scraper.scrapeDue(), "not due yet");
        clock.advance(Duration.ofSeconds(1));
        assertEquals(1, scraper.scrapeDue());
        assertEquals(2, reads(t));
    }

    @Test
    void eachReadThatEndsWakesEveryWatcherOfItsTargetAnsweredOrNot() {
        BrokerScraper scraper = inline();
        List<ScrapeTarget> ts = targets(2);
        Watcher retiring = new Watcher(new ResourceID("t", "ns"), "retiring");
        Watcher other = new Watcher(new ResourceID("u", "ns"), "autoscaling");
        scraper.watch(AUTOSCALING, ts, EVERY);
        scraper.watch(retiring, List.of(ts.get(1)), EVERY);
        scraper.watch(other, List.of(), EVERY);
        silent.add(ts.get(1).endpoint());
        assertEquals(2, scraper.scrapeDue());
        assertEquals(List.of(AUTOSCALING), woken.stream().filter(w -> w.equals(AUTOSCALING)).distinct().toList());
        assertEquals(3, woken.size(), "b0 wakes its one watcher, b1 (which failed) both of its: " + woken);
        assertTrue(woken.contains(retiring));
        assertFalse(woken.contains(other), "a watcher of neither target sleeps on");
        assertEquals(new ResourceID("t", "ns"), retiring.topology());
    }

    /** A watcher that wakes on change is woken by a read of a target it shares only when its report changes. */
    @Test
    void aWatcherIsWokenOnlyByTheReadsItsRuleWakesFor() {
        BrokerScraper scraper = inline();
        ScrapeTarget t = targets(1).get(0);
        Watcher journal = new Watcher(new ResourceID("t", "ns"), "journal");
        scraper.watch(AUTOSCALING, List.of(t), EVERY);
        scraper.watch(journal, List.of(t), EVERY, new WakeOnChange<>(Optional.empty(),
                () -> scraper.last(t).map(r -> r.sample().cpuLimitCores())));
        for (int i = 0; i < 3; i++) {
            scraper.scrapeDue();
            clock.advance(EVERY);
        }
        assertEquals(3, reads(t));
        assertEquals(3, woken.stream().filter(AUTOSCALING::equals).count(), "woken by every read");
        assertEquals(1, woken.stream().filter(journal::equals).count(), "woken by the first reading alone: "
                + "the others report the same limit");
    }

    @Test
    void noMoreReadsRunAtOnceThanTheConcurrency() throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        BrokerScraper scraper = new BrokerScraper((endpoint, user) -> {
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                release.await();
            } finally {
                running.decrementAndGet();
            }
            return answer(endpoint);
        }, clock, pool, 3, woken::add);
        List<ScrapeTarget> targets = targets(10);
        scraper.watch(AUTOSCALING, targets, EVERY);
        assertEquals(3, scraper.scrapeDue());
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> running.get() == 3);
        assertEquals(0, scraper.scrapeDue(), "the readers are all busy: the rest stay due");
        release.countDown();
        // each round sends what the finished reads freed, until all ten have answered
        for (int round = 0; round < 100 && targets.stream().anyMatch(t -> scraper.last(t).isEmpty()); round++) {
            scraper.scrapeDue();
            pool.awaitTermination(10, TimeUnit.MILLISECONDS);
        }
        assertTrue(targets.stream().allMatch(t -> scraper.last(t).isPresent()));
        assertEquals(3, most.get());
    }

    @Test
    void aSilentTargetBacksOffAndTheOthersAreReadOnTime() {
        BrokerScraper scraper = inline();
        List<ScrapeTarget> targets = targets(2);
        ScrapeTarget quiet = targets.get(1);
        silent.add(quiet.endpoint());
        scraper.watch(AUTOSCALING, targets, EVERY);
        List<Integer> quietReads = new ArrayList<>();
        for (int s = 0; s <= 70; s += 10) {
            scraper.scrapeDue();
            quietReads.add(reads(quiet));
            clock.advance(EVERY);
        }
        // tried at 0, then after 10, 20 and 40 s: at 0, 10, 30 and 70 s
        assertEquals(List.of(1, 2, 2, 3, 3, 3, 3, 4), quietReads);
        assertEquals(8, reads(targets.get(0)), "read every period");
        assertTrue(scraper.failing(quiet));
        assertEquals(1, scraper.failing());
        assertTrue(scraper.last(quiet).isEmpty());
    }

    @Test
    void theBackOffDoublesUpToItsCeiling() {
        assertEquals(EVERY, BrokerScraper.backoff(EVERY, 1));
        assertEquals(EVERY.multipliedBy(8), BrokerScraper.backoff(EVERY, 4));
        assertEquals(BrokerScraper.MAX_BACKOFF, BrokerScraper.backoff(EVERY, 40));
    }

    @Test
    void aTargetThatAnswersAgainIsReadEachPeriodAgain() {
        BrokerScraper scraper = inline();
        ScrapeTarget t = targets(1).get(0);
        silent.add(t.endpoint());
        scraper.watch(AUTOSCALING, List.of(t), EVERY);
        scraper.scrapeDue();
        silent.clear();
        clock.advance(EVERY);
        scraper.scrapeDue();
        assertFalse(scraper.failing(t));
        clock.advance(EVERY);
        assertEquals(1, scraper.scrapeDue());
    }

    /**
     * A watcher that begins watching a target another watcher has read says so: the earlier reading is not one sent
     * since it began, the next read is, answered or not; a watcher keeps its start while its targets stay the same.
     */
    @Test
    void aReadSentSinceAWatcherBeganIsToldFromAnEarlierOne() {
        BrokerScraper scraper = inline();
        List<ScrapeTarget> ts = targets(2);
        Watcher retiring = new Watcher(new ResourceID("t", "ns"), "retiring");
        scraper.watch(AUTOSCALING, ts, EVERY);
        scraper.scrapeDue();
        clock.advance(Duration.ofSeconds(1));
        assertTrue(scraper.watchingSince(retiring).isEmpty());
        scraper.watch(retiring, ts, Duration.ofSeconds(5));
        Instant began = scraper.watchingSince(retiring).orElseThrow();
        assertEquals(clock.now, began);
        assertTrue(scraper.last(ts.get(0)).isPresent());
        assertFalse(scraper.readSince(ts.get(0), began), "read before the watcher began");
        silent.add(ts.get(1).endpoint());
        clock.advance(EVERY);
        scraper.watch(retiring, ts, Duration.ofSeconds(5));
        assertEquals(began, scraper.watchingSince(retiring).orElseThrow(), "the same targets: the same start");
        scraper.scrapeDue();
        assertTrue(scraper.readSince(ts.get(0), began));
        assertTrue(scraper.readSince(ts.get(1), began) && scraper.failing(ts.get(1)), "a failed read counts too");
        scraper.watch(retiring, ts.subList(0, 1), Duration.ofSeconds(5));
        assertEquals(clock.now, scraper.watchingSince(retiring).orElseThrow(), "other targets: a new start");
        scraper.forget(retiring);
        assertTrue(scraper.watchingSince(retiring).isEmpty());
    }

    /** A read that takes time is stamped when it was sent: the broker counted at that time or later. */
    @Test
    void noReadingIsOlderThanItSays() {
        BrokerScraper scraper = new BrokerScraper((endpoint, user) -> {
            Instant sent = clock.now;
            clock.advance(Duration.ofSeconds(3));
            return new BrokerSample(sent.getEpochSecond(), 0, 0, 0, 0, 0, 1, 0, BrokerSample.Held.NOTHING,
                    Double.NaN, Map.of());
        }, clock, Runnable::run, 1, woken::add);
        ScrapeTarget t = targets(1).get(0);
        scraper.watch(AUTOSCALING, List.of(t), EVERY);
        Instant before = clock.now;
        scraper.scrapeDue();
        BrokerReading reading = scraper.last(t).orElseThrow();
        assertEquals(before, reading.at());
        assertTrue(!reading.at().isAfter(Instant.ofEpochSecond(reading.sample().received())),
                "counted no earlier than it says");
        assertEquals(Duration.ofSeconds(3), scraper.ages().get(AUTOSCALING));
    }

    @Test
    void aTargetNoWatcherWantsIsNotReadAndEachIsReadAsOftenAsItsMostEagerWatcherAsks() {
        BrokerScraper scraper = inline();
        List<ScrapeTarget> targets = targets(2);
        scraper.watch(AUTOSCALING, targets, EVERY);
        scraper.watch(new Watcher(new ResourceID("t", "ns"), "retiring"), List.of(targets.get(1)), Duration.ofSeconds(5));
        scraper.scrapeDue();
        clock.advance(Duration.ofSeconds(5));
        scraper.scrapeDue();
        assertEquals(List.of(1, 2), List.of(reads(targets.get(0)), reads(targets.get(1))));
        scraper.keepOnly(Set.of(new ResourceID("other", "ns")));
        clock.advance(EVERY);
        assertEquals(0, scraper.scrapeDue(), "the topology is gone");
        assertTrue(scraper.ages().isEmpty());
    }
}
