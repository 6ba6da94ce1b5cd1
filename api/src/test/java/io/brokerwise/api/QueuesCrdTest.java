package io.brokerwise.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerwise.api.v1alpha1.QueueSpec;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the API server checks of spec.queues, read off the checked-in CRD: a consumer rate must be above 0, while a
 * queue of 0 consumers is admitted, and a name is a DNS label. Names shared with the topic or another queue are for
 * SpecValidator (QueuesInputTest): the schema of one item cannot see the others.
 */
class QueuesCrdTest {

    @Test
    void zeroConsumersAreAdmittedAndAConsumerRateOfZeroIsNot() throws IOException {
        JsonNode queue = CrdsAreDescribedTest.YAML.readTree(CrdsAreCurrentTest.CHECKED_IN
                        .resolve("pubsubtopologies.brokerwise.io-v1.yml").toFile())
                .at("/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/queues/items");
        assertEquals(List.of("consumers", "messageRatePerProducer", "name", "producers"),
                CrdsAreDescribedTest.YAML.convertValue(queue.path("required"), List.class));
        JsonNode fields = queue.path("properties");
        assertEquals(0, fields.path("consumers").path("minimum").asDouble(-1));
        assertTrue(fields.path("consumers").path("exclusiveMinimum").isMissingNode());
        assertEquals(0, fields.path("messageRatePerConsumer").path("minimum").asDouble(-1));
        assertTrue(fields.path("messageRatePerConsumer").path("exclusiveMinimum").asBoolean());
        assertEquals(QueueSpec.NAME_PATTERN, fields.path("name").path("pattern").asText());
    }
}
