package io.brokerwise.model.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** "k x l", the one way a layout is written in annotations, status fields and options, read back as written. */
class LayoutDimensionsTest {

    @Property
    void everyLayoutReadsBackAsWritten(@ForAll @IntRange(min = 1, max = 100_000) int k,
                                       @ForAll @IntRange(min = 1, max = 100_000) int l) {
        Layout layout = new Layout(k, l);
        assertEquals(k + "x" + l, layout.dimensions());
        assertEquals(layout, Layout.parse(layout.dimensions()));
        assertTrue(layout.toString().endsWith(" " + layout.dimensions()), layout.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "2", "2x", "x3", "2 x 3", "2X3", "-1x2", "0x2", "2x0", "2x3x4", "PSR 2x1",
            "99999999999x1"})
    void anythingElseIsRefusedSayingWhatALayoutLooksLike(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Layout.parse(text));
        assertTrue(e.getMessage().contains("2x3") || e.getMessage().contains("at least one group")
                || e.getMessage().contains("more groups than"), e.getMessage());
    }
}
