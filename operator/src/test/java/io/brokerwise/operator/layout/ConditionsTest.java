package io.brokerwise.operator.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionsTest {

    /** The API server refuses a status patch with control characters; a message quoting user input may hold them. */
    @Test
    void aMessageQuotingControlCharactersCarriesThemEscaped() {
        List<Condition> conditions = new ArrayList<>();
        assertTrue(Conditions.set(conditions, 1, Conditions.VALID, false, "InvalidSpec",
                "selector 'a\u0000b\tc' is not valid"));
        String message = conditions.get(0).getMessage();
        assertEquals("selector 'a\\u0000b\\u0009c' is not valid", message);
        assertTrue(message.chars().noneMatch(Character::isISOControl), message);
        assertFalse(Conditions.set(conditions, 1, Conditions.VALID, false, "InvalidSpec",
                "selector 'a\u0000b\tc' is not valid"), "the same message again is no change");
    }

    @Test
    void aPrintableMessageIsWrittenAsItIs() {
        List<Condition> conditions = new ArrayList<>();
        Conditions.set(conditions, 1, Conditions.READY, true, "BrokersReady", "all 2 brokers of PSR 2x1 are Ready: ñ 😀");
        assertEquals("all 2 brokers of PSR 2x1 are Ready: ñ 😀", conditions.get(0).getMessage());
    }
}
