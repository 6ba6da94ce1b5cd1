package io.brokerwise.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerUsers;
import io.brokerwise.broker.EmbeddedBroker;
import io.brokerwise.broker.metrics.BrokerScrape;
import io.brokerwise.measure.SubscriptionRegistration.Timing;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.routing.RoutingMap;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Registration times against a real broker (in this JVM, reached over TCP on loopback). */
@Timeout(60)
class SubscriptionRegistrationTest {

    @TempDir
    Path dir;

    @Test
    void registersEverySelectorAtTheBrokerAndReturnsOnceTheBrokerHasRemovedThem() throws Exception {
        BrokerUsers users = BrokerUsers.generate();
        BrokerCredentials credentials = users.application();
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerConfiguration.forLoopback("b0", "registered", false,
                0, dir.toString()), users, dir)) {
            RoutingMap map = RoutingMap.forLocalPorts("registered", 1, 1, List.of(broker.acceptorPort()));
            Target target = new Target(map, credentials, users.metrics(), List.of(broker.metricsAddress()), List.of());
            List<String> selectors = new SelectorDesign(0, 50, SelectorDesign.Kind.property, SelectorDesign.Shape.simple,
                    1).selectors();
            Timing t = SubscriptionRegistration.time(target, selectors);
            assertEquals(50, t.subscriptions());
            assertTrue(t.seconds() > 0);
            assertEquals(t.seconds() / 50, t.secondsEach());
            assertEquals(0, BrokerScrape.of(broker.metricsAddress(), users.metrics()).subscriptions(),
                    "timing returns once the broker has removed them");
        }
    }

    @Test
    void theFittedTimeWeighsTheLargestCountsMost() {
        List<Timing> timings = List.of(new Timing(100, 0.5), new Timing(1000, 2.0));
        assertEquals((100 * 0.5 + 1000 * 2.0) / (100.0 * 100 + 1000.0 * 1000),
                SubscriptionRegistration.secondsEach(timings), 1e-15);
        assertThrows(IllegalArgumentException.class, () -> SubscriptionRegistration.time(null, List.of()));
    }
}
