package io.brokerwise.measure.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SelectorDesignTest {

    @Test
    void designGivesEveryMessageExactlyRMatchingFilters() {
        SelectorDesign d = new SelectorDesign(2, 2, SelectorDesign.Kind.property, SelectorDesign.Shape.in, 3);
        assertEquals(java.util.List.of("bw_key IN ('x0_1', 'x0_2', 'v0')", "bw_key IN ('x1_1', 'x1_2', 'v0')",
                "bw_key IN ('x2_1', 'x2_2', 'v1')", "bw_key IN ('x3_1', 'x3_2', 'v2')"), d.selectors());
        assertEquals("JMSCorrelationID <> 'x0_1' AND JMSCorrelationID = 'v0'",
                new SelectorDesign(1, 0, SelectorDesign.Kind.correlation, SelectorDesign.Shape.and, 2).selectors().get(0));
        assertEquals(java.util.Arrays.asList(null, null),
                new SelectorDesign(2, 0, SelectorDesign.Kind.property, SelectorDesign.Shape.none, 1).selectors());
        assertThrows(IllegalArgumentException.class,
                () -> new SelectorDesign(1, 1, SelectorDesign.Kind.property, SelectorDesign.Shape.none, 1));
        // without selectors a message carries nothing to select on, like artemis perf's
        SelectorDesign none = new SelectorDesign(1, 0, SelectorDesign.Kind.property, SelectorDesign.Shape.none, 1);
        assertEquals(java.util.Map.of(), none.messageProperties());
        assertEquals(null, none.messageCorrelationId());
        assertEquals(java.util.Map.of("bw_key", "v0"), d.messageProperties());
        assertEquals("v0", d.messageCorrelationId());
    }

    @Test
    void aWorkloadBecomesOneSubscriberPerFilterWithRoundedReplicationGrade() {
        SelectorDesign d = SelectorDesign.forWorkload(40, 2.6, SelectorDesign.Kind.property, 1);
        assertEquals(3, d.r());
        assertEquals(37, d.mAdd());
        assertEquals(SelectorDesign.Shape.simple, d.shape());
        assertEquals(SelectorDesign.Shape.or, SelectorDesign.forWorkload(10, 1, SelectorDesign.Kind.correlation, 8).shape());
    }
}
